import ClerkAPI
import Foundation

/// `GET /v1/environment`: the instance settings as clients read them.
struct EnvironmentPresenter: Sendable {
    let settings: InstanceSettings
    let instanceID: String
    /// The server's URL: the local stand-in for the Account Portal pages the display config names.
    let baseURL: String

    func environment() -> EnvironmentResource {
        EnvironmentResource(
            authConfig: authConfig, displayConfig: displayConfig, userSettings: userSettings,
            clientDebugMode: false, maintenanceMode: false)
    }

    /// The environment as JSON, with the parts of the spec's user settings the generated subset does
    /// not model (second-factor requirement, attack protection, and the social and enterprise
    /// sections, empty here).
    func json() throws -> Data {
        let encoded = try JSONEncoder().encode(environment())
        guard case .object(var root) = try JSONDecoder().decode(JSONValue.self, from: encoded),
            case .object(var userSettings)? = root["user_settings"]
        else { return encoded }
        userSettings["sign_in"] = ["second_factor": ["required": .bool(settings.mfa.required)]]
        userSettings["social"] = .object([:])
        userSettings["saml"] = ["enabled": false]
        userSettings["enterprise_sso"] = ["enabled": false]
        userSettings["attack_protection"] = [
            "user_lockout": [
                "enabled": .bool(settings.lockout.enabled),
                "max_attempts": .integer(Int64(settings.lockout.maxAttempts)),
                "duration_in_minutes": .integer(Int64(max(1, settings.lockout.durationSeconds / 60))),
            ],
            "pii": ["enabled": false],
            "email_link": ["require_same_client": false],
            "enumeration_protection": ["enabled": .bool(settings.enumerationProtection)],
        ]
        root["user_settings"] = .object(userSettings)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(JSONValue.object(root))
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
            firstFactors: firstFactors, secondFactors: secondFactors,
            emailAddressVerificationStrategies: settings.emailAddress.verifyAtSignUp ? [.emailCode] : [],
            singleSessionMode: settings.singleSessionMode, enhancedEmailDeliverability: false,
            testMode: settings.testMode, cookielessDev: true, urlBasedSessionSyncing: true, reverification: false)
    }

    private var displayConfig: DisplayConfig {
        DisplayConfig(
            id: "display_config_" + instanceID, instanceEnvironmentType: settings.instanceType.rawValue,
            applicationName: settings.applicationName, preferredSignInStrategy: settings.password.enabled ? "password" : "otp",
            homeURL: baseURL + "/", signInURL: baseURL + "/sign-in", signUpURL: baseURL + "/sign-up",
            afterSignInURL: baseURL + "/", afterSignUpURL: baseURL + "/", branded: false,
            captchaWidgetType: "smart", captchaProvider: "turnstile")
    }

    private var userSettings: UserSettings {
        let email = settings.emailAddress
        let phone = settings.phoneNumber
        let mfa = settings.mfa
        return UserSettings(
            attributes: UserSettingsAttributes(
                emailAddress: AttributeSettings(
                    enabled: email.enabled, required: email.required, usedForFirstFactor: email.enabled && email.usedForSignIn,
                    firstFactors: email.enabled && email.codeSignIn ? [.emailCode] : [], usedForSecondFactor: false,
                    secondFactors: [], verifications: email.verifyAtSignUp ? [.emailCode] : [],
                    verifyAtSignUp: email.verifyAtSignUp, immutable: false),
                phoneNumber: AttributeSettings(
                    enabled: phone.enabled, required: phone.required, usedForFirstFactor: phone.enabled && phone.usedForSignIn,
                    firstFactors: phone.enabled && phone.codeSignIn ? [.phoneCode] : [], usedForSecondFactor: mfa.phoneCode,
                    secondFactors: mfa.phoneCode ? [.phoneCode] : [], verifications: phone.verifyAtSignUp ? [.phoneCode] : [],
                    verifyAtSignUp: phone.verifyAtSignUp, immutable: false),
                username: AttributeSettings(
                    enabled: settings.username.enabled, required: settings.username.required,
                    usedForFirstFactor: settings.username.enabled, firstFactors: [], usedForSecondFactor: false,
                    secondFactors: [], verifications: [], verifyAtSignUp: false, immutable: false),
                web3Wallet: plainAttribute(false, false),
                firstName: plainAttribute(settings.firstName.enabled, settings.firstName.required),
                lastName: plainAttribute(settings.lastName.enabled, settings.lastName.required),
                password: plainAttribute(settings.password.enabled, settings.password.required),
                authenticatorApp: AttributeSettings(
                    enabled: mfa.authenticatorApp, required: false, usedForFirstFactor: false, firstFactors: [],
                    usedForSecondFactor: mfa.authenticatorApp, secondFactors: mfa.authenticatorApp ? [.totp] : [],
                    verifications: mfa.authenticatorApp ? [.totp] : [], verifyAtSignUp: false, immutable: false),
                ticket: plainAttribute(false, false),
                backupCode: AttributeSettings(
                    enabled: mfa.backupCodes, required: false, usedForFirstFactor: false, firstFactors: [],
                    usedForSecondFactor: mfa.backupCodes, secondFactors: mfa.backupCodes ? [.backupCode] : [],
                    verifications: [], verifyAtSignUp: false, immutable: false),
                passkey: plainAttribute(false, false)),
            signUp: SignUpSettings(
                captchaEnabled: false, captchaWidgetType: "smart", customActionRequired: false, progressive: true,
                mode: SignUpMode(rawValue: settings.signUpMode.rawValue), legalConsentEnabled: settings.legalConsentRequired),
            passwordSettings: PasswordSettings(
                disableHibp: !settings.password.rejectCommon, disablePasswordReverification: false,
                minLength: settings.password.minLength, maxLength: settings.password.maxLength,
                requireSpecialChar: false, requireNumbers: false, requireUppercase: false, requireLowercase: false,
                showZxcvbn: false, minZxcvbnStrength: 0, enforceHibpOnSignIn: false, allowedSpecialCharacters: "!\"#$%&'()*+,-./:;<=>?@[]^_`{|}~"),
            actions: ActionsSettings(deleteSelf: true, createOrganization: false))
    }

    private func plainAttribute(_ enabled: Bool, _ required: Bool) -> AttributeSettings {
        AttributeSettings(
            enabled: enabled, required: required, usedForFirstFactor: false, firstFactors: [], usedForSecondFactor: false,
            secondFactors: [], verifications: [], verifyAtSignUp: false, immutable: false)
    }

    private func fieldState(_ enabled: Bool, _ required: Bool) -> String {
        enabled ? (required ? "required" : "on") : "off"
    }

    private var identificationStrategies: [Strategy] {
        var strategies: [Strategy] = []
        if settings.emailAddress.enabled { strategies.append(.emailCode) }
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
