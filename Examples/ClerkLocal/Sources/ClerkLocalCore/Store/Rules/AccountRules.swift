import ClerkAPI
import Foundation

/// The rules of the signed-in user's own account (`/v1/me`): its fields. The account's other
/// rules, by responsibility: `IdentificationRules` (email addresses and phone numbers),
/// `SecondFactorRules` (authenticator app, backup codes), `PasskeyRules`, `ExternalAccountRules`
/// (provider connections) and `PasswordRules`; what they share is `AccountAggregate`'s.
package struct AccountRules: AccountAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

extension AccountRules {
    // MARK: GET and PATCH /v1/me

    package mutating func readAccount(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<UserRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: false)
        return accountAnswer(context.user, context)
    }

    package mutating func updateAccount(
        _ meta: RequestMeta, sessionID: String?, _ input: AccountChange
    ) throws(FrontendError) -> StoreAnswer<UserRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        var user = context.user
        if input.primaryWeb3WalletID != nil { throw .unknownParameter("primary_web3_wallet_id") }
        if let first = input.firstName { user.firstName = try UserFieldRules.name(first, parameter: "first_name") }
        if let last = input.lastName { user.lastName = try UserFieldRules.name(last, parameter: "last_name") }
        if let username = input.username {
            guard settings.username.enabled else { throw .unknownParameter("username") }
            let trimmed = username.trimmingWhitespace()
            guard IdentifierFormat.isValidUsername(trimmed) else { throw .invalidFormat("username") }
            if let owner = userIDsByUsername[trimmed.lowercased()], owner != user.id { throw .identifierExists("username") }
            user.username = trimmed
        }
        if let id = input.primaryEmailAddressID {
            guard let index = user.emails.firstIndex(where: { $0.id == id }) else {
                throw FrontendError(.formResourceNotFound, paramName: "primary_email_address_id")
            }
            guard user.emails[index].verified else { throw .invalidFormat("primary_email_address_id", longMessage: "The email address is not verified.") }
            user.emails.insert(user.emails.remove(at: index), at: 0)
        }
        if let id = input.primaryPhoneNumberID {
            guard let index = user.phones.firstIndex(where: { $0.id == id }) else {
                throw FrontendError(.formResourceNotFound, paramName: "primary_phone_number_id")
            }
            guard user.phones[index].verified else { throw .invalidFormat("primary_phone_number_id", longMessage: "The phone number is not verified.") }
            user.phones.insert(user.phones.remove(at: index), at: 0)
        }
        store(user)
        return accountAnswer(user, context)
    }

}
