/// The account fields a signed-in user changes (`PATCH /v1/me`); nil leaves a field as it is.
package struct AccountChange: Sendable {
    package var username: String?
    package var firstName: String?
    package var lastName: String?
    package var primaryEmailAddressID: String?
    package var primaryPhoneNumberID: String?
    package var primaryWeb3WalletID: String?
    package init(
        username: String? = nil, firstName: String? = nil, lastName: String? = nil, primaryEmailAddressID: String? = nil, primaryPhoneNumberID: String? = nil,
        primaryWeb3WalletID: String? = nil
    ) {
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.primaryEmailAddressID = primaryEmailAddressID
        self.primaryPhoneNumberID = primaryPhoneNumberID
        self.primaryWeb3WalletID = primaryWeb3WalletID
    }
}

/// A password change on the account.
package struct PasswordChange: Sendable {
    package var currentPassword: String?
    package var newPassword: String?
    package var signOutOfOtherSessions: Bool?
    package init(currentPassword: String? = nil, newPassword: String? = nil, signOutOfOtherSessions: Bool? = nil) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
        self.signOutOfOtherSessions = signOutOfOtherSessions
    }
}

/// A phone number added on the account.
package struct NewPhoneNumber: Sendable {
    package var phoneNumber: String
    package var reservedForSecondFactor: Bool?
    package init(phoneNumber: String, reservedForSecondFactor: Bool? = nil) {
        self.phoneNumber = phoneNumber
        self.reservedForSecondFactor = reservedForSecondFactor
    }
}

/// What changes on an account's phone number: its use as a second factor.
package struct PhoneNumberChange: Sendable {
    package var reservedForSecondFactor: Bool?
    package var defaultSecondFactor: Bool?
    package init(reservedForSecondFactor: Bool? = nil, defaultSecondFactor: Bool? = nil) {
        self.reservedForSecondFactor = reservedForSecondFactor
        self.defaultSecondFactor = defaultSecondFactor
    }
}
