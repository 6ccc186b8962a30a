import ClerkLocalServer

/// The five guides the flows follow.
public enum Guide: String, Sendable, CaseIterable, Codable {
    case signInOrUp = "000_55e86aed8abcfb58.txt"
    case emailPassword = "001_d2108a302639dda1.txt"
    case emailOrPhoneCode = "002_fb6433bf6a6951ee.txt"
    case clientTrust = "003_2ad056ff4d068d0c.txt"
    case multiFactor = "004_bf5bb806d7f13a8f.txt"

    public var title: String {
        switch self {
        case .signInOrUp: "Build a custom sign-in-or-up flow"
        case .emailPassword: "Build a custom email/password authentication flow"
        case .emailOrPhoneCode: "Build a custom sign-in flow with email or phone code"
        case .clientTrust: "Build a custom sign-in flow with client trust"
        case .multiFactor: "Build a custom sign-in flow with multi-factor authentication (MFA)"
        }
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
    let body: @Sendable (ExampleApp) async throws -> Void

    public var id: String { name }

    public init(
        number: Int, name: String, title: String, guide: Guide, preset: SettingsPreset,
        adjust: @escaping @Sendable (inout InstanceSettings) -> Void = { _ in },
        people: [Persona], body: @escaping @Sendable (ExampleApp) async throws -> Void
    ) {
        self.number = number
        self.name = name
        self.title = title
        self.guide = guide
        self.preset = preset
        self.adjust = adjust
        self.people = people
        self.body = body
    }

    /// The settings the embedded server runs this flow with.
    public var settings: InstanceSettings {
        var settings = preset.settings
        adjust(&settings)
        return settings
    }
}
