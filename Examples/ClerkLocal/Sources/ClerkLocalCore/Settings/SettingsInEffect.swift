/// The instance settings in effect and the password policy derived from them, replaced together
/// (`FrontendStore.switchSettings`). `generation` counts the switches, so what is built from the
/// settings outside the store (the presenters, `ServerCore.presentation`) is built once per switch.
package struct SettingsInEffect: Sendable {
    package let settings: InstanceSettings
    package let passwordPolicy: PasswordPolicy
    package let generation: UInt64

    package init(_ settings: InstanceSettings, generation: UInt64) {
        self.settings = settings
        passwordPolicy = PasswordPolicy(settings: settings.password)
        self.generation = generation
    }
}
