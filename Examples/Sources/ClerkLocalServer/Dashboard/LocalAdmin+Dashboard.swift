extension LocalAdmin {
    /// Switches the instance to a preset's settings and drops every user, client, session and
    /// message, as a server started with that preset would begin.
    func switchPreset(_ preset: SettingsPreset) async {
        core.settings = preset.settings
        await core.store.replaceSettings(preset.settings)
    }
}
