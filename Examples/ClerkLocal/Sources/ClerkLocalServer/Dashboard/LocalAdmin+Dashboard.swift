import ClerkLocalCore

extension LocalAdmin {
    /// Switches the instance to a preset's settings. Users, clients, sessions and messages are kept
    /// unless `deletingState`, when they go in the same step, as a server started afresh would begin.
    package func switchPreset(_ preset: SettingsPreset, deletingState: Bool) async throws {
        try await core.store.perform { $0.switchSettings(to: preset.settings, deletingState: deletingState) }
    }
}
