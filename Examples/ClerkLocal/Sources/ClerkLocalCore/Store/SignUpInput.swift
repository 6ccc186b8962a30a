import ClerkAPI

/// The fields a sign-up create or update carries (the routes read them from either endpoint's body).
package struct SignUpInput: Sendable {
    package var emailAddress: String?
    package var phoneNumber: String?
    package var emailAddressOrPhoneNumber: String?
    package var username: String?
    package var hasPassword: Bool
    package var firstName: String?
    package var lastName: String?
    package var legalAccepted: Bool?
    package var unsafeMetadata: JSONValue?
    package var strategy: Strategy?
    package var web3Wallet: String?
    package var ticket: String?
    package var password: String?
    /// A sign-up create's captcha: the widget's token, or the error it reported instead.
    package var captchaToken: String?
    package var captchaError: String?

    /// Nothing given yet (`hasPassword` false).
    package init() {
        hasPassword = false
    }
}
