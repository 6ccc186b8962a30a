import ClerkAPI
import ClerkLocalCore
import Foundation

/// `GET /v1/environment`: the instance settings as clients read them.
package struct EnvironmentPresenter: Sendable {
    package let settings: InstanceSettings
    package let instanceID: String
    /// The server's URL: the local stand-in for the Account Portal pages the display config names.
    package let baseURL: String

    package func environment() -> EnvironmentResource {
        EnvironmentResource(
            authConfig: authConfig, displayConfig: displayConfig, userSettings: userSettings,
            organizationSettings: organizationSettings, fraudSettings: fraudSettings, commerceSettings: commerceSettings,
            apiKeysSettings: apiKeysSettings, protectConfig: ProtectConfig(loaders: []), clientDebugMode: false,
            partitionedCookies: false, maintenanceMode: false)
    }

    /// The environment as JSON, keys sorted.
    package func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(environment())
    }

    private var authConfig: AuthConfig {
        AuthConfig(
            id: "aac_" + instanceID, firstName: fieldState(settings.firstName.enabled, settings.firstName.required),
            lastName: fieldState(settings.lastName.enabled, settings.lastName.required),
            emailAddress: fieldState(settings.emailAddress.enabled, settings.emailAddress.required),
            phoneNumber: fieldState(settings.phoneNumber.enabled, settings.phoneNumber.required),
            username: fieldState(settings.username.enabled, settings.username.required),
            password: fieldState(settings.password.enabled, settings.password.required),
            identificationRequirements: identificationRequirements, identificationStrategies: identificationStrategies,
            firstFactors: firstFactors + identityTokenFirstFactors + passkeyFirstFactors, secondFactors: secondFactors,
            emailAddressVerificationStrategies: emailVerificationStrategies,
            singleSessionMode: settings.singleSessionMode, enhancedEmailDeliverability: false,
            testMode: settings.testMode, cookielessDev: true, urlBasedSessionSyncing: true, reverification: false,
            nativeSettings: NativeSettings(
                apiEnabled: true, trustedDeviceSignInEnabled: settings.trustedDevices != nil, trustedDeviceEnrollmentPromptAfterSignInEnabled: false,
                trustedDeviceEnrollmentPromptAfterSignUpEnabled: false))
    }

    /// The spec requires every page URL; the pages this server does not serve (profile, waitlist,
    /// organizations) are named on it all the same.
    private var displayConfig: DisplayConfig {
        DisplayConfig(
            id: "display_config_" + instanceID, instanceEnvironmentType: settings.instanceType.rawValue,
            applicationName: settings.applicationName, theme: .object([:]),
            preferredSignInStrategy: settings.password.enabled ? "password" : "otp",
            homeURL: page("/"), signInURL: page("/sign-in"), signUpURL: page("/sign-up"), userProfileURL: page("/user"),
            waitlistURL: page("/waitlist"), oauthConsentURL: page("/oauth-consent"), afterSignInURL: page("/"),
            afterSignUpURL: page("/"), afterSignOutOneURL: page("/"), afterSignOutAllURL: page("/"),
            afterSwitchSessionURL: page("/"), afterJoinWaitlistURL: page("/"), organizationProfileURL: page("/organization"),
            createOrganizationURL: page("/create-organization"), afterLeaveOrganizationURL: page("/"),
            afterCreateOrganizationURL: page("/"), logoLinkURL: page("/"), branded: false, experimentalForceOauthFirst: false,
            showDevmodeWarning: settings.instanceType == .development, googleOneTapClientID: googleOneTapClientID,
            captchaPublicKey: captcha.enabled ? BotProtectionSettings.testSiteKey : nil,
            captchaWidgetType: captcha.widgetType.rawValue,
            captchaPublicKeyInvisible: captcha.enabled ? BotProtectionSettings.testSiteKey : nil, captchaProvider: "turnstile",
            captchaOauthBypass: settings.captchaBypassStrategies.map(\.rawValue))
    }

    private var captcha: BotProtectionSettings { settings.botProtection }

    private func page(_ path: String) -> String { baseURL + path }

    private func fieldState(_ enabled: Bool, _ required: Bool) -> String {
        enabled ? (required ? "required" : "on") : "off"
    }

    /// How a sign-up's email address is verified: by link or by code.
    private var emailVerificationStrategies: [Strategy] {
        if settings.emailLink.verifyAtSignUp { return [.emailLink] }
        return settings.emailAddress.verifyAtSignUp ? [.emailCode] : []
    }

    private var identificationStrategies: [Strategy] {
        var strategies: [Strategy] = []
        if settings.emailAddress.enabled { strategies.append(.emailCode) }
        if settings.emailAddress.enabled, settings.emailLink.signIn || settings.emailLink.verifyAtSignUp { strategies.append(.emailLink) }
        if settings.phoneNumber.enabled { strategies.append(.phoneCode) }
        if settings.password.enabled { strategies.append(.password) }
        return strategies
    }

    private var identificationRequirements: [[String]] {
        var requirements: [[String]] = []
        if settings.emailAddress.required { requirements.append(["email_address"]) }
        if settings.phoneNumber.required { requirements.append(["phone_number"]) }
        if settings.username.required { requirements.append(["username"]) }
        return requirements
    }

    private var firstFactors: [Strategy] {
        var factors: [Strategy] = []
        if settings.emailAddress.enabled, settings.emailAddress.codeSignIn { factors.append(.emailCode) }
        if settings.emailAddress.enabled, settings.emailLink.signIn { factors.append(.emailLink) }
        if settings.phoneNumber.enabled, settings.phoneNumber.codeSignIn { factors.append(.phoneCode) }
        if settings.password.enabled {
            factors.append(.password)
            if settings.emailAddress.enabled { factors.append(.resetPasswordEmailCode) }
            if settings.phoneNumber.enabled { factors.append(.resetPasswordPhoneCode) }
        }
        return factors
    }

    private var secondFactors: [Strategy] {
        var factors: [Strategy] = []
        if settings.mfa.phoneCode { factors.append(.phoneCode) }
        if settings.mfa.authenticatorApp { factors.append(.totp) }
        if settings.mfa.backupCodes { factors.append(.backupCode) }
        return factors
    }
}
