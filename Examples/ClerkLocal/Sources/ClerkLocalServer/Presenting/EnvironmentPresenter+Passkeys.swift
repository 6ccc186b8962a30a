import ClerkAPI
import ClerkLocalCore

/// Passkeys in `GET /v1/environment`: the `passkey` attribute (a first factor) and the `passkey` strategy among
/// `auth_config.first_factors`, when the instance has `passkeys` settings.
extension EnvironmentPresenter {
    var passkeyAttribute: AttributeSettings {
        let enabled = settings.passkeys != nil
        return AttributeSettings(
            enabled: enabled, required: false, usedForFirstFactor: enabled, firstFactors: enabled ? [.passkey] : [],
            usedForSecondFactor: false, secondFactors: [], verifications: enabled ? [.passkey] : [], verifyAtSignUp: false,
            immutable: false)
    }

    var passkeyFirstFactors: [Strategy] {
        settings.passkeys == nil ? [] : [.passkey]
    }
}
