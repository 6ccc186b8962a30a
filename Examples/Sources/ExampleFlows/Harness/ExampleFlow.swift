import ClerkLocalServer
import Foundation

/// The guides of Clerk's documentation the flows follow; the raw value is the last part of the
/// guide's address.
public enum Guide: String, Sendable, CaseIterable, Codable {
    case signInOrUp = "sign-in-or-up"
    case emailPassword = "email-password"
    case emailOrPhoneCode = "email-sms-otp"
    case clientTrust = "client-trust"
    case multiFactor = "multi-factor-authentication"
    case emailLinks = "email-links"
    case applicationInvitations = "application-invitations"
    case passkeys

    public var title: String {
        switch self {
        case .signInOrUp: "Build a custom sign-in-or-up flow"
        case .emailPassword: "Build a custom email/password authentication flow"
        case .emailOrPhoneCode: "Build a custom sign-in flow with email or phone code"
        case .clientTrust: "Build a custom sign-in flow with client trust"
        case .multiFactor: "Build a custom sign-in flow with multi-factor authentication (MFA)"
        case .emailLinks: "Build a custom flow for authenticating with email links"
        case .applicationInvitations: "Sign-up with application invitations"
        case .passkeys: "Build a custom flow for authenticating with passkeys"
        }
    }

    /// The guide as Clerk publishes it.
    public var url: URL {
        URL(string: "https://clerk.com/docs/guides/development/custom-flows/authentication/\(rawValue)")!
    }
}

/// One documented flow: its number and name, the guide it follows, the instance settings it
/// needs, the people it involves, and the code itself.
public struct ExampleFlow: Sendable, Identifiable {
    public let number: Int
    /// The subcommand name.
    public let name: String
    public let title: String
    public let guide: Guide
    /// The embedded server's settings: a preset, possibly adjusted.
    public let preset: SettingsPreset
    let adjust: @Sendable (inout InstanceSettings) -> Void
    /// Everyone in the flow; those with an `account` exist before it starts.
    public let people: [Persona]
    /// The flow moves time by hand: the embedded server and its devices share a `ManualClock`
    /// (`ExampleApp.manualClock`), so token expiry takes no waiting.
    public let movesTime: Bool
    /// What a separately started instance must offer for this flow (checked before its first request).
    public let needs: [InstanceNeed]
    let body: @Sendable (ExampleApp) async throws -> Void

    public var id: String { name }

    public init(
        number: Int, name: String, title: String, guide: Guide, preset: SettingsPreset,
        adjust: @escaping @Sendable (inout InstanceSettings) -> Void = { _ in },
        people: [Persona], movesTime: Bool = false, needs: [InstanceNeed] = [], body: @escaping @Sendable (ExampleApp) async throws -> Void
    ) {
        self.number = number
        self.name = name
        self.title = title
        self.guide = guide
        self.preset = preset
        self.adjust = adjust
        self.people = people
        self.movesTime = movesTime
        self.needs = needs
        self.body = body
    }

    /// The settings the embedded server runs this flow with; as a settings file
    /// (`Examples --print-settings FLOW`), what a separately started clerk-local needs for it.
    public var settings: InstanceSettings {
        var settings = preset.settings
        adjust(&settings)
        return settings
    }

    /// The settings as a file `clerk-local --settings FILE` reads (`Examples --print-settings FLOW`).
    public func settingsFile() throws -> String {
        String(decoding: try SettingsLoader.encode(settings), as: UTF8.self)
    }
}
