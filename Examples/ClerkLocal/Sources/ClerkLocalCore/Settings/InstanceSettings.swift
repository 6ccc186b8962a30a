/// The instance's configuration: the choices a Clerk dashboard offers for the documented flows,
/// plus the limits the emulator enforces. Encoded with snake_case keys in settings files.
public struct InstanceSettings: Codable, Sendable, Hashable {
    public var applicationName: String
    /// `development` turns on Clerk's test conventions (`+clerk_test`, 555-01NN, code 424242).
    public var instanceType: InstanceType
    public var emailAddress: IdentifierSettings
    public var phoneNumber: IdentifierSettings
    public var username: UsernameSettings
    public var password: PasswordSettingsModel
    public var firstName: NameFieldSettings
    public var lastName: NameFieldSettings
    /// Sign-ups must accept the terms (`legal_accepted`).
    public var legalConsentRequired: Bool
    public var signUpMode: SignUpModeSetting
    /// A password sign-in from a client the user has not signed in on before needs a code as well.
    public var clientTrust: Bool
    public var mfa: MFASettings
    /// Sign-in answers do not reveal whether an account exists.
    public var enumerationProtection: Bool
    /// One signed-in user per client at a time (Clerk's default for new applications).
    public var singleSessionMode: Bool
    public var codes: CodeSettings
    public var lockout: LockoutSettings
    public var rateLimits: RateLimitSettings
    public var sessions: SessionSettings
    /// Origins (`https://app.example.com`) whose requests get their `Origin` as the session token's
    /// `azp`; any other origin gets the server's own URL.
    public var allowedOrigins: [String]
    /// JWT templates: `POST /v1/client/sessions/{id}/tokens/{name}` mints a token shaped by one.
    public var jwtTemplates: [JWTTemplate]
    /// Email links: as a first factor, to verify a sign-up's address, and as Client Trust's fallback.
    public var emailLink: EmailLinkSettings
    /// Where the browser may be sent back (`redirect_url` of browser sign-ins and sign-ups, connections,
    /// email links and invitations): a URL with an entry's scheme and host, the entry's port (any port
    /// when it names none) and a path equal to the entry's or below it (`http://127.0.0.1` allows any
    /// port and path of that address, not `http://127.0.0.1.example` nor `http://127.0.0.1:@evil.example`).
    /// An app's scheme with no host (`myapp://`) allows every URL of that scheme. Settings files name it
    /// `allowed_redirect_urls`.
    public var allowedRedirectUrls: [String]
    /// Account actions that need a recent verification of the session; nil (absent from a
    /// settings file) asks for none.
    public var reverification: ReverificationSettings?
    /// Identity providers whose ID tokens sign in (`oauth_token_apple`, `oauth_token_google`,
    /// `google_one_tap`); nil (absent from a settings file) enables none.
    public var identityProviders: IdentityProviderSettings?
    /// Providers signed in with through the browser (`oauth_google`, `oauth_apple`), clerk-local being
    /// their OAuth client; nil (absent from a settings file) enables none.
    public var oauthProviders: OAuthProviderSettings?
    /// The instance's enterprise connections (`enterprise_sso`), by email domain.
    public var enterpriseConnections: [EnterpriseConnection]?
    /// Passkeys as a first factor and on the account (`/v1/me/passkeys`); nil (absent from a settings
    /// file) turns them off.
    public var passkeys: PasskeySettings?
    /// Trusted devices (biometric sign-in of native apps, `/v1/me/trusted_devices`); nil (absent from a
    /// settings file) turns them off.
    public var trustedDevices: TrustedDeviceSettings?
    /// Organizations, their roles and permissions (on in every preset).
    public var organizations: OrganizationSettingsModel
    /// Bot sign-up protection: sign-ups carry a captcha token (off in every preset).
    public var botProtection: BotProtectionSettings
    /// What users may do to their own account (deleting it).
    public var actions: AccountActionSettings

    public init(
        applicationName: String = "Clerk Local",
        instanceType: InstanceType = .development,
        emailAddress: IdentifierSettings,
        phoneNumber: IdentifierSettings,
        username: UsernameSettings = UsernameSettings(),
        password: PasswordSettingsModel,
        firstName: NameFieldSettings = NameFieldSettings(),
        lastName: NameFieldSettings = NameFieldSettings(),
        legalConsentRequired: Bool = false,
        signUpMode: SignUpModeSetting = .public,
        clientTrust: Bool,
        mfa: MFASettings = MFASettings(),
        enumerationProtection: Bool = false,
        singleSessionMode: Bool = true,
        codes: CodeSettings = CodeSettings(),
        lockout: LockoutSettings = LockoutSettings(),
        rateLimits: RateLimitSettings = RateLimitSettings(),
        sessions: SessionSettings = SessionSettings(),
        allowedOrigins: [String] = [],
        jwtTemplates: [JWTTemplate] = [],
        emailLink: EmailLinkSettings = EmailLinkSettings(),
        allowedRedirectUrls: [String] = InstanceSettings.loopbackRedirectURLs,
        reverification: ReverificationSettings? = nil,
        identityProviders: IdentityProviderSettings? = nil,
        oauthProviders: OAuthProviderSettings? = nil,
        enterpriseConnections: [EnterpriseConnection]? = nil,
        passkeys: PasskeySettings? = nil,
        organizations: OrganizationSettingsModel = OrganizationSettingsModel(),
        botProtection: BotProtectionSettings = BotProtectionSettings(),
        actions: AccountActionSettings = AccountActionSettings(),
        trustedDevices: TrustedDeviceSettings? = nil
    ) {
        self.applicationName = applicationName
        self.instanceType = instanceType
        self.emailAddress = emailAddress
        self.phoneNumber = phoneNumber
        self.username = username
        self.password = password
        self.firstName = firstName
        self.lastName = lastName
        self.legalConsentRequired = legalConsentRequired
        self.signUpMode = signUpMode
        self.clientTrust = clientTrust
        self.mfa = mfa
        self.enumerationProtection = enumerationProtection
        self.singleSessionMode = singleSessionMode
        self.codes = codes
        self.lockout = lockout
        self.rateLimits = rateLimits
        self.sessions = sessions
        self.allowedOrigins = allowedOrigins
        self.jwtTemplates = jwtTemplates
        self.emailLink = emailLink
        self.allowedRedirectUrls = allowedRedirectUrls
        self.reverification = reverification
        self.identityProviders = identityProviders
        self.oauthProviders = oauthProviders
        self.enterpriseConnections = enterpriseConnections
        self.passkeys = passkeys
        self.trustedDevices = trustedDevices
        self.organizations = organizations
        self.botProtection = botProtection
        self.actions = actions
    }

    /// What every preset allows as a redirect: loopback, and the `clerk-local://` scheme the
    /// examples use.
    public static let loopbackRedirectURLs = ["http://127.0.0.1", "http://localhost", "http://[::1]", "clerk-local://"]

    public enum InstanceType: String, Codable, Sendable, Hashable {
        case development, production
    }

    public enum SignUpModeSetting: String, Codable, Sendable, Hashable {
        case `public`, restricted, waitlist
    }

    /// Whether the test conventions (`+clerk_test` emails, 555-01NN phones, code 424242) apply.
    public var testMode: Bool { instanceType == .development }
}

/// Email address or phone number, as the dashboard's "User & authentication" page sets them.
public struct IdentifierSettings: Codable, Sendable, Hashable {
    /// "Sign-up with email/phone": the attribute is collected at all.
    public var enabled: Bool
    /// "Require email address/phone number" at sign-up.
    public var required: Bool
    /// "Sign-in with email/phone": usable as a sign-in identifier.
    public var usedForSignIn: Bool
    /// "Email/SMS verification code" as a first factor.
    public var codeSignIn: Bool
    /// "Verify at sign-up" with a code.
    public var verifyAtSignUp: Bool

    public init(enabled: Bool, required: Bool, usedForSignIn: Bool, codeSignIn: Bool, verifyAtSignUp: Bool) {
        self.enabled = enabled
        self.required = required
        self.usedForSignIn = usedForSignIn
        self.codeSignIn = codeSignIn
        self.verifyAtSignUp = verifyAtSignUp
    }

    public static let off = IdentifierSettings(
        enabled: false, required: false, usedForSignIn: false, codeSignIn: false, verifyAtSignUp: false)
}

public struct UsernameSettings: Codable, Sendable, Hashable {
    public var enabled: Bool
    public var required: Bool

    public init(enabled: Bool = false, required: Bool = false) {
        self.enabled = enabled
        self.required = required
    }
}

public struct PasswordSettingsModel: Codable, Sendable, Hashable {
    /// "Sign-up with password": users have passwords and can sign in with them.
    public var enabled: Bool
    /// A sign-up must set a password. Off lets code-only sign-ups (e.g. signUpIfMissing transfers)
    /// finish without one on an instance that also offers passwords.
    public var required: Bool
    public var minLength: Int
    /// bcrypt reads at most 72 bytes, so longer passwords are refused rather than silently cut.
    public var maxLength: Int
    /// Refuse passwords on the shipped list of common passwords (`form_password_pwned`).
    public var rejectCommon: Bool

    public init(enabled: Bool, required: Bool? = nil, minLength: Int = 8, maxLength: Int = 72, rejectCommon: Bool = true) {
        self.enabled = enabled
        self.required = required ?? enabled
        self.minLength = minLength
        self.maxLength = maxLength
        self.rejectCommon = rejectCommon
    }
}

public struct NameFieldSettings: Codable, Sendable, Hashable {
    public var enabled: Bool
    public var required: Bool

    public init(enabled: Bool = false, required: Bool = false) {
        self.enabled = enabled
        self.required = required
    }
}

/// The dashboard's "Multi-factor" page.
public struct MFASettings: Codable, Sendable, Hashable {
    /// SMS verification code as a second factor.
    public var phoneCode: Bool
    /// Authenticator application (TOTP).
    public var authenticatorApp: Bool
    /// Backup codes (only with another second factor).
    public var backupCodes: Bool
    /// "Require multi-factor authentication": sessions of users without MFA carry the `setup-mfa` task.
    public var required: Bool

    public init(phoneCode: Bool = false, authenticatorApp: Bool = false, backupCodes: Bool = false, required: Bool = false) {
        self.phoneCode = phoneCode
        self.authenticatorApp = authenticatorApp
        self.backupCodes = backupCodes
        self.required = required
    }

    public var anyEnabled: Bool { phoneCode || authenticatorApp || backupCodes }
}

/// The dashboard's "Email verification link" choices.
public struct EmailLinkSettings: Codable, Sendable, Hashable {
    /// Email link as a first factor (`email_link`), and as Client Trust's fallback instead of a code.
    public var signIn: Bool
    /// A sign-up's email address is verified by link rather than by code.
    public var verifyAtSignUp: Bool
    /// A link completes only when opened by the client that asked for it
    /// (`sign_in_email_link_not_same_client`); off lets another device open it.
    public var requireSameClient: Bool
    /// How long a link can be opened.
    public var lifetimeSeconds: Int

    public init(signIn: Bool = false, verifyAtSignUp: Bool = false, requireSameClient: Bool = false, lifetimeSeconds: Int = 600) {
        self.signIn = signIn
        self.verifyAtSignUp = verifyAtSignUp
        self.requireSameClient = requireSameClient
        self.lifetimeSeconds = lifetimeSeconds
    }
}

/// One-time codes sent by email or SMS.
public struct CodeSettings: Codable, Sendable, Hashable {
    public var lifetimeSeconds: Int
    public var maxAttempts: Int
    /// A new code for the same verification is refused within this many seconds of the last one.
    public var resendIntervalSeconds: Int

    public init(lifetimeSeconds: Int = 600, maxAttempts: Int = 5, resendIntervalSeconds: Int = 30) {
        self.lifetimeSeconds = lifetimeSeconds
        self.maxAttempts = maxAttempts
        self.resendIntervalSeconds = resendIntervalSeconds
    }
}

/// Account lockout after failed password, authenticator and backup-code attempts (Clerk's defaults).
public struct LockoutSettings: Codable, Sendable, Hashable {
    public var enabled: Bool
    public var maxAttempts: Int
    public var durationSeconds: Int

    public init(enabled: Bool = true, maxAttempts: Int = 100, durationSeconds: Int = 3600) {
        self.enabled = enabled
        self.maxAttempts = maxAttempts
        self.durationSeconds = durationSeconds
    }
}

public struct RateLimit: Codable, Sendable, Hashable {
    public var requests: Int
    public var windowSeconds: Int

    public init(requests: Int, windowSeconds: Int) {
        self.requests = requests
        self.windowSeconds = windowSeconds
    }
}

/// Requests allowed per window: per client (or per remote address before a client exists) on every
/// Frontend API mutation, and per identifier on sign-in and sign-up requests that name one.
public struct RateLimitSettings: Codable, Sendable, Hashable {
    public var perClient: RateLimit
    public var perIdentifier: RateLimit

    public init(
        perClient: RateLimit = RateLimit(requests: 300, windowSeconds: 60),
        perIdentifier: RateLimit = RateLimit(requests: 60, windowSeconds: 60)
    ) {
        self.perClient = perClient
        self.perIdentifier = perIdentifier
    }
}

public struct SessionSettings: Codable, Sendable, Hashable {
    public var tokenLifetimeSeconds: Int
    /// The maximum lifetime: a session expires this long after it started, however active.
    public var lifetimeSeconds: Int
    /// A session not touched and asked for no token for this long expires; 0 turns it off
    /// (Clerk's default).
    public var inactivityTimeoutSeconds: Int

    public init(tokenLifetimeSeconds: Int = 60, lifetimeSeconds: Int = 7 * 24 * 3600, inactivityTimeoutSeconds: Int = 0) {
        self.tokenLifetimeSeconds = tokenLifetimeSeconds
        self.lifetimeSeconds = lifetimeSeconds
        self.inactivityTimeoutSeconds = inactivityTimeoutSeconds
    }
}
