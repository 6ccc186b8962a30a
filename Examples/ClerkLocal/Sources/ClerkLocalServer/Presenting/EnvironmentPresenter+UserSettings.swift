import ClerkAPI
import ClerkLocalCore

/// The user settings of `GET /v1/environment`.
extension EnvironmentPresenter {
    package var userSettings: UserSettings {
        UserSettings(
            attributes: attributes, social: socialProviders, saml: EnterpriseSSOSettings(enabled: false),
            enterpriseSSO: EnterpriseSSOSettings(enabled: settings.enterpriseConnections?.contains(where: \.active) ?? false),
            signIn: SignInSettings(secondFactor: SecondFactorSettings(required: settings.mfa.required)),
            signUp: SignUpSettings(
                captchaEnabled: settings.botProtection.enabled, captchaWidgetType: settings.botProtection.widgetType.rawValue, customActionRequired: false,
                progressive: true,
                mode: SignUpMode(rawValue: settings.signUpMode.rawValue), legalConsentEnabled: settings.legalConsentRequired),
            restrictions: RestrictionSettings(
                allowlist: off, blocklist: off, allowlistBlocklistDisabledOnSignIn: off, blockEmailSubaddresses: off,
                blockDisposableEmailDomains: off),
            passwordSettings: PasswordSettings(
                disableHibp: !settings.password.rejectCommon, disablePasswordReverification: false,
                minLength: settings.password.minLength, maxLength: settings.password.maxLength,
                requireSpecialChar: false, requireNumbers: false, requireUppercase: false, requireLowercase: false,
                showZxcvbn: false, minZxcvbnStrength: 0, enforceHibpOnSignIn: false, allowedSpecialCharacters: "!\"#$%&'()*+,-./:;<=>?@[]^_`{|}~"),
            // The limits IdentifierFormat.isValidUsername enforces.
            usernameSettings: UsernameRules(
                minLength: 4, maxLength: 64, allowExtendedSpecialCharacters: false, allowNumericUsernames: false),
            actions: ActionsSettings(
                deleteSelf: settings.actions.deleteSelf, createOrganization: settings.organizations.enabled, createOrganizationsLimit: nil),
            attackProtection: attackProtection,
            passkeySettings: ClerkAPI.PasskeySettings(
                allowAutofill: true, showSignInButton: true, satisfiesSecondFactor: settings.passkeys?.satisfiesSecondFactor ?? true))
    }

    private func plainAttribute(_ enabled: Bool, _ required: Bool) -> AttributeSettings {
        AttributeSettings(
            enabled: enabled, required: required, usedForFirstFactor: false, firstFactors: [], usedForSecondFactor: false,
            secondFactors: [], verifications: [], verifyAtSignUp: false, immutable: false)
    }

    private var off: EnabledSetting { EnabledSetting(enabled: false) }

    private var attackProtection: AttackProtectionSettings {
        let lockout = settings.lockout
        return AttackProtectionSettings(
            userLockout: UserLockoutSettings(
                enabled: lockout.enabled, maxAttempts: lockout.maxAttempts, durationInMinutes: max(1, lockout.durationSeconds / 60)),
            pii: off, emailLink: EmailLinkSettings(requireSameClient: false),
            enumerationProtection: EnabledSetting(enabled: settings.enumerationProtection))
    }

    private var emailFirstFactors: [Strategy] {
        (settings.emailAddress.codeSignIn ? [.emailCode] : []) + (settings.emailLink.signIn ? [.emailLink] : [])
    }

    private var emailVerifications: [Strategy] {
        if settings.emailLink.verifyAtSignUp { return [.emailLink] }
        return settings.emailAddress.verifyAtSignUp ? [.emailCode] : []
    }

    private var attributes: UserSettingsAttributes {
        let email = settings.emailAddress
        let phone = settings.phoneNumber
        let mfa = settings.mfa
        return UserSettingsAttributes(
            emailAddress: AttributeSettings(
                enabled: email.enabled, required: email.required, usedForFirstFactor: email.enabled && email.usedForSignIn,
                firstFactors: email.enabled ? emailFirstFactors : [], usedForSecondFactor: false,
                secondFactors: [], verifications: emailVerifications,
                verifyAtSignUp: email.verifyAtSignUp || settings.emailLink.verifyAtSignUp, immutable: false),
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
            passkey: passkeyAttribute)
    }
}
