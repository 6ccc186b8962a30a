import Clerk

/// Something a flow needs of a separately started instance, checked before its first request:
/// a setting the instance's environment shows, or the instance's secret key. The embedded server
/// is started with each flow's own settings and needs no check.
public enum InstanceNeed: Sendable, Hashable {
    /// Signing in with this strategy (password, email code, SMS code).
    case firstFactor(Strategy)
    /// This second factor (authenticator app, SMS code, backup codes).
    case secondFactor(Strategy)
    /// Every user must set up a second factor.
    case mfaRequired
    /// Every sign-up must accept the legal terms (`legal_accepted`).
    case legalConsent
    /// Several accounts may be signed in on one device at once.
    case multiSession
    /// Sign-ups carry a captcha token (bot sign-up protection).
    case botProtection
    /// The Backend API's secret key, for what only a backend may do (`purpose`, in words).
    case secretKey(purpose: String)
    /// Organizations with verified domains, enrolling in `enrollmentMode`.
    case organizationDomains(enrollmentMode: String)
    /// Sign-ups only from the waitlist (sign-up mode `waitlist`).
    case waitlist
    /// Enterprise connections (`enterprise_sso`), one serving the flow's email domain.
    case enterpriseSSO
    /// Native apps may enrol trusted devices and sign in with them (biometric sign-in).
    case trustedDevices

    /// Whether `environment` shows the setting; nil for a need the environment cannot show.
    func isMet(by environment: EnvironmentResource) -> Bool? {
        let attributes = environment.userSettings?.attributes
        switch self {
        case .firstFactor(.passkey):
            // The passkey attribute, not an identifier's factors, says whether passkeys sign in.
            return attributes.map { $0.passkey?.enabled == true && $0.passkey?.usedForFirstFactor != false }
        case .firstFactor(let strategy):
            guard let offered = environment.offeredFirstFactors else { return nil }
            return offered.contains(strategy)
        case .secondFactor(.totp):
            return attributes?.authenticatorApp?.enabled == true && attributes?.authenticatorApp?.usedForSecondFactor != false
        case .secondFactor(.backupCode):
            return attributes?.backupCode?.enabled == true
        case .secondFactor(.phoneCode):
            return attributes?.phoneNumber?.enabled == true && attributes?.phoneNumber?.usedForSecondFactor == true
        case .secondFactor(let strategy):
            return environment.authConfig?.secondFactors.map { $0.contains(strategy) }
        case .mfaRequired:
            return environment.userSettings?.signIn?.secondFactor?.required == true
        case .legalConsent:
            return environment.userSettings?.signUp?.legalConsentEnabled == true
        case .multiSession:
            return environment.authConfig?.singleSessionMode.map { !$0 }
        case .botProtection:
            return environment.userSettings?.signUp?.captchaEnabled == true
        case .secretKey:
            return nil
        case .organizationDomains(let mode):
            guard let organizations = environment.organizationSettings else { return nil }
            return organizations.enabled == true && organizations.domains?.enabled == true
                && organizations.domains?.enrollmentModes?.contains(mode) == true
        case .waitlist:
            return environment.userSettings?.signUp?.mode.map { $0 == .waitlist }
        case .enterpriseSSO:
            return environment.userSettings?.enterpriseSSO?.enabled == true
        case .trustedDevices:
            return environment.authConfig?.nativeSettings?.trustedDeviceSignInEnabled == true
        }
    }

    /// One line naming what is missing and where it is set in Clerk's dashboard (clerk-local's
    /// settings file and `Examples --print-settings FLOW` set the same).
    public var missing: String {
        switch self {
        case .firstFactor(.password):
            "this flow needs an instance with password sign-in: User & authentication → Password → Sign-in with password"
        case .firstFactor(.emailCode):
            "this flow needs an instance with email code sign-in: User & authentication → Email → Sign-in with email verification code"
        case .firstFactor(.phoneCode):
            "this flow needs an instance with SMS code sign-in: User & authentication → Phone → Sign-in with SMS verification code"
        case .firstFactor(.passkey):
            "this flow needs an instance with passkeys: User & authentication → Passkeys (clerk-local: the passkeys settings)"
        case .firstFactor(let strategy):
            "this flow needs an instance offering \(strategy.rawValue) sign-in: User & authentication"
        case .secondFactor(.totp):
            "this flow needs an instance with authenticator apps as a second factor: User & authentication → Multi-factor → Authenticator application"
        case .secondFactor(.backupCode):
            "this flow needs an instance with backup codes: User & authentication → Multi-factor → Backup codes"
        case .secondFactor(.phoneCode):
            "this flow needs an instance with SMS codes as a second factor: User & authentication → Multi-factor → SMS verification code"
        case .secondFactor(let strategy):
            "this flow needs an instance with \(strategy.rawValue) as a second factor: User & authentication → Multi-factor"
        case .mfaRequired:
            "this flow needs an instance that requires MFA: User & authentication → Multi-factor → Require"
        case .legalConsent:
            "this flow needs an instance that requires legal consent: Legal → Require express consent to legal documents"
        case .multiSession:
            "this flow needs an instance in multi-session mode: Sessions → Multi-session handling"
        case .botProtection:
            "this flow needs an instance with bot sign-up protection: Attack protection → Bot sign-up protection (clerk-local: bot_protection)"
        case .secretKey(let purpose):
            "this flow needs the instance's secret key to \(purpose): pass --secret-key sk_test_… (Clerk dashboard → API keys; clerk-local prints its own)"
        case .organizationDomains(let mode):
            "this flow needs organizations with verified domains in \(mode) mode: Organizations → Settings → Verified domains (clerk-local: organizations.domainsEnabled and enrollmentModes)"
        case .waitlist:
            "this flow needs an instance in waitlist mode: Configure → Restrictions → Sign-up mode → Waitlist (clerk-local: sign_up_mode)"
        case .enterpriseSSO:
            "this flow needs an enterprise connection for langley.test: Configure → SSO connections (clerk-local: enterprise_connections)"
        case .trustedDevices:
            "this flow needs an instance with biometric sign-in: Native applications → Trusted devices (clerk-local: trusted_devices)"
        }
    }
}

/// A flow that did not start because the instance lacks what it needs: its own result, not a failure.
public struct FlowRefusal: Error, Sendable, CustomStringConvertible {
    public let need: InstanceNeed

    public var description: String { need.missing }
}
