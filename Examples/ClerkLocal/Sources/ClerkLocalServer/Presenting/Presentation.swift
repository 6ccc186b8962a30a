import ClerkLocalCore

/// The presenters of one set of settings and one server URL: built once per settings switch (or
/// when the server learns its URL), never per request (`ServerCore.presentation`).
package struct Presentation: Sendable {
    /// The `SettingsInEffect.generation` they were built from.
    package let generation: UInt64
    package let baseURL: String
    package let wire: WirePresenter
    package let environment: EnvironmentPresenter

    package init(_ settings: SettingsInEffect, baseURL: String, signer: any TokenSigning, instanceID: String) {
        generation = settings.generation
        self.baseURL = baseURL
        wire = WirePresenter(settings: settings.settings, signer: signer, issuer: baseURL)
        environment = EnvironmentPresenter(settings: settings.settings, instanceID: instanceID, baseURL: baseURL)
    }

    package func isCurrent(for settings: SettingsInEffect, baseURL: String) -> Bool {
        generation == settings.generation && self.baseURL == baseURL
    }
}
