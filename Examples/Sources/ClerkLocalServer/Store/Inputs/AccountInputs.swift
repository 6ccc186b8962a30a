/// The account fields a signed-in user changes (`PATCH /v1/me`); nil leaves a field as it is.
struct AccountChange: Sendable {
    var username: String?
    var firstName: String?
    var lastName: String?
    var primaryEmailAddressID: String?
    var primaryPhoneNumberID: String?
    var primaryWeb3WalletID: String?
}

/// A password change on the account.
struct PasswordChange: Sendable {
    var currentPassword: String?
    var newPassword: String?
    var signOutOfOtherSessions: Bool?
}

/// A phone number added on the account.
struct NewPhoneNumber: Sendable {
    var phoneNumber: String
    var reservedForSecondFactor: Bool?
}

/// What changes on an account's phone number: its use as a second factor.
struct PhoneNumberChange: Sendable {
    var reservedForSecondFactor: Bool?
    var defaultSecondFactor: Bool?
}
