import Clerk

/// Someone going through a flow: what they would type into each field of the guide's form.
///
/// In a scripted run these values answer the flow driver's questions; in an interactive run they
/// are the defaults offered at the prompts. The secrets an account gets when it is set up (an
/// authenticator-app secret, printed backup codes) are filled in by the harness when it seeds it.
public struct Persona: Sendable, Hashable, CustomStringConvertible {
    /// How the person identifies at sign-in.
    public enum SignInIdentifier: String, Sendable, Hashable {
        case emailAddress = "email address"
        case phoneNumber = "phone number"
    }

    /// A short name for the transcript ("Jane").
    public var name: String
    public var emailAddress: String?
    public var phoneNumber: String?
    public var password: SecretString?
    /// What they type when asked for a new password (a reset, a compromised password).
    public var newPassword: SecretString?
    public var firstName: String?
    public var lastName: String?
    /// What they type in the identifier field of a password sign-in.
    public var signsInWith: SignInIdentifier
    /// Whether they tick "I agree to the Terms of Service and Privacy Policy" when asked.
    public var acceptsTerms: Bool
    /// The second factor they pick when the sign-in offers several.
    public var preferredSecondFactor: Strategy?
    /// Their authenticator app's secret (Base32), once the account has one.
    public var authenticatorSecret: String?
    /// Their printed backup codes, once the account has them.
    public var backupCodes: [String]

    /// Whether the account exists before the flow starts (the harness seeds it), and with which
    /// second factors.
    public var account: Account?

    /// An account the harness creates before the flow, as if the person had signed up earlier.
    public struct Account: Sendable, Hashable {
        /// Has an authenticator app (TOTP) set up.
        public var authenticatorApp: Bool
        /// Has backup codes.
        public var backupCodes: Bool
        /// Uses the phone number as SMS second factor.
        public var smsSecondFactor: Bool
        /// The password is flagged compromised: the next session has the `reset-password` task.
        public var passwordCompromised: Bool
        /// Whether the phone number is on the account already; false when the flow adds it.
        public var phoneNumberOnAccount: Bool

        public init(
            authenticatorApp: Bool = false, backupCodes: Bool = false, smsSecondFactor: Bool = false, passwordCompromised: Bool = false,
            phoneNumberOnAccount: Bool = true
        ) {
            self.authenticatorApp = authenticatorApp
            self.backupCodes = backupCodes
            self.smsSecondFactor = smsSecondFactor
            self.passwordCompromised = passwordCompromised
            self.phoneNumberOnAccount = phoneNumberOnAccount
        }

        /// A plain account: identifiers and password, no second factor.
        public static let plain = Account()
    }

    public init(
        name: String,
        emailAddress: String? = nil,
        phoneNumber: String? = nil,
        password: SecretString? = nil,
        firstName: String? = nil,
        lastName: String? = nil,
        signsInWith: SignInIdentifier? = nil,
        acceptsTerms: Bool = true,
        preferredSecondFactor: Strategy? = nil,
        account: Account? = nil,
        newPassword: SecretString? = nil
    ) {
        self.name = name
        self.emailAddress = emailAddress
        self.phoneNumber = phoneNumber
        self.password = password
        self.newPassword = newPassword
        self.firstName = firstName
        self.lastName = lastName
        self.signsInWith = signsInWith ?? (emailAddress == nil ? .phoneNumber : .emailAddress)
        self.acceptsTerms = acceptsTerms
        self.preferredSecondFactor = preferredSecondFactor
        self.authenticatorSecret = nil
        self.backupCodes = []
        self.account = account
    }

    /// The identifier typed for a sign-in with `strategy`.
    public func identifier(for strategy: Strategy) -> String? {
        switch strategy {
        case .phoneCode: phoneNumber
        case .emailCode: emailAddress
        default: signsInWith == .phoneNumber ? phoneNumber : emailAddress
        }
    }

    /// The fields typed into the sign-up form.
    public var signUpDetails: SignUpDetails {
        SignUpDetails(
            emailAddress: emailAddress, phoneNumber: phoneNumber, password: password,
            firstName: firstName, lastName: lastName)
    }

    /// Name and identifiers; never a secret.
    public var description: String {
        var parts = [emailAddress, phoneNumber].compactMap { $0 }
        if password != nil { parts.append("password") }
        if let account {
            if account.smsSecondFactor { parts.append("SMS second factor") }
            if account.authenticatorApp { parts.append("authenticator app") }
            if account.backupCodes { parts.append("backup codes") }
        }
        return "\(name) (\(parts.joined(separator: ", ")))"
    }
}
