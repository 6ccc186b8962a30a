import ClerkLocalServer
import Foundation

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
