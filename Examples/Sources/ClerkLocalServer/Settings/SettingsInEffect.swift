/// The instance settings in effect and the password policy derived from them, replaced together
/// (`FrontendStore.switchSettings`). `generation` counts the switches, so what is built from the
/// settings outside the store (the presenters, `ServerCore.presentation`) is built once per switch.
struct SettingsInEffect: Sendable {
    let settings: InstanceSettings
    let passwordPolicy: PasswordPolicy
    let generation: UInt64

    init(_ settings: InstanceSettings, generation: UInt64) {
        self.settings = settings
        passwordPolicy = PasswordPolicy(settings: settings.password)
        self.generation = generation
    }
}
