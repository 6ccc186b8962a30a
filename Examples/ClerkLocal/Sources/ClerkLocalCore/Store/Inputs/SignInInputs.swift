import ClerkAPI

/// What starting a sign-in takes: an identifier, and optionally a strategy to start with (a code
/// sent at once) or the password.
package struct SignInStart: Sendable {
    package var identifier: String?
    package var strategy: Strategy?
    package var password: String?
    package var transfer: Bool?
    package var signUpIfMissing: Bool?
    package var locale: String?
    /// Where an email link sent with this request redirects once opened.
    package var redirectURL: String?
    /// A sign-in token, with the `ticket` strategy.
    package var ticket: String?
    package init(
        identifier: String? = nil, strategy: Strategy? = nil, password: String? = nil, transfer: Bool? = nil, signUpIfMissing: Bool? = nil,
        locale: String? = nil, redirectURL: String? = nil, ticket: String? = nil
    ) {
        self.redirectURL = redirectURL
        self.ticket = ticket
        self.identifier = identifier
        self.strategy = strategy
        self.password = password
        self.transfer = transfer
        self.signUpIfMissing = signUpIfMissing
        self.locale = locale
    }
}

/// Which factor to send a code to: the strategy, and the address or number when several qualify.
package struct FactorPreparation: Sendable {
    package var strategy: Strategy
    package var emailAddressID: String?
    package var phoneNumberID: String?
    /// Where an email link redirects once opened.
    package var redirectURL: String?
    /// A native email link's PKCE challenge (`code_challenge`) and its method (`code_challenge_method`).
    package var codeChallenge: String?
    package var codeChallengeMethod: String?
    package init(
        strategy: Strategy, emailAddressID: String? = nil, phoneNumberID: String? = nil, redirectURL: String? = nil,
        codeChallenge: String? = nil, codeChallengeMethod: String? = nil
    ) {
        self.redirectURL = redirectURL
        self.codeChallenge = codeChallenge
        self.codeChallengeMethod = codeChallengeMethod
        self.strategy = strategy
        self.emailAddressID = emailAddressID
        self.phoneNumberID = phoneNumberID
    }
}

/// A first-factor attempt: a code or a password.
package struct FirstFactorAttempt: Sendable {
    package var strategy: Strategy
    package var code: String?
    package var password: String?
    package init(strategy: Strategy, code: String? = nil, password: String? = nil) {
        self.strategy = strategy
        self.code = code
        self.password = password
    }
}

/// A second-factor attempt: a code, an authenticator code or a backup code.
package struct SecondFactorAttempt: Sendable {
    package var strategy: Strategy
    package var code: String
    package init(strategy: Strategy, code: String) {
        self.strategy = strategy
        self.code = code
    }
}
