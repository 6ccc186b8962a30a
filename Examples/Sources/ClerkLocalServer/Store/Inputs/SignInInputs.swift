import ClerkAPI

/// What starting a sign-in takes: an identifier, and optionally a strategy to start with (a code
/// sent at once) or the password.
struct SignInStart: Sendable {
    var identifier: String?
    var strategy: Strategy?
    var password: String?
    var transfer: Bool?
    var signUpIfMissing: Bool?
    var locale: String?
}

/// Which factor to send a code to: the strategy, and the address or number when several qualify.
struct FactorPreparation: Sendable {
    var strategy: Strategy
    var emailAddressID: String?
    var phoneNumberID: String?
}

/// A first-factor attempt: a code or a password.
struct FirstFactorAttempt: Sendable {
    var strategy: Strategy
    var code: String?
    var password: String?
}

/// A second-factor attempt: a code, an authenticator code or a backup code.
struct SecondFactorAttempt: Sendable {
    var strategy: Strategy
    var code: String
}
