import ClerkAPI
import Foundation

/// `/v1/me/email_addresses`: add, verify by emailed code, remove.
extension IdentificationRules {
    package mutating func listEmailAddresses(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> [EmailRecord] {
        try account(meta, sessionID: sessionID, mutation: false).user.emails
    }

    package mutating func readEmailAddress(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<EmailRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: false)
        return accountAnswer(try Self.email(id, of: context.user), context)
    }

    package mutating func addEmailAddress(_ meta: RequestMeta, sessionID: String?, address raw: String) throws(FrontendError) -> StoreAnswer<EmailRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        try requireRecentVerification(context)
        guard settings.emailAddress.enabled else { throw FrontendError(.featureNotEnabled) }
        let address = IdentifierFormat.normalizedEmail(raw.trimmingWhitespace())
        guard IdentifierFormat.isValidEmail(address) else { throw .invalidEmail("email_address") }
        var user = context.user
        if userIDsByEmail[address] != nil || user.emails.contains(where: { $0.address == address }) {
            throw .identifierExists("email_address")
        }
        try ensureRoomForUnverified(user)
        let email = EmailRecord(
            id: SecureRandom.identifier(prefix: "idn"), address: address, verified: false, createdAt: now,
            awaitingVerification: true)
        user.emails.append(email)
        store(user)
        return accountAnswer(email, context)
    }

    package mutating func prepareEmailVerification(
        _ meta: RequestMeta, sessionID: String?, id: String, _ input: CodePreparation
    ) throws(FrontendError) -> StoreAnswer<EmailRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        guard input.strategy == .emailCode else { throw refuseStrategy(input.strategy) }
        var user = context.user
        var email = try Self.email(id, of: user)
        email = try sendCode(to: email, at: email.address, channel: .email, purpose: "account.email_code", user: &user) { $0.replace($1) }
        return accountAnswer(email, context)
    }

    package mutating func attemptEmailVerification(
        _ meta: RequestMeta, sessionID: String?, id: String, code: String
    ) throws(FrontendError) -> StoreAnswer<EmailRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        var user = context.user
        var email = try Self.email(id, of: user)
        if let owner = userIDsByEmail[email.address], owner != user.id { throw .identifierExists("email_address") }
        email = try verify(email, code: code, user: &user) { $0.replace($1) }
        return accountAnswer(email, context)
    }

    package mutating func deleteEmailAddress(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        try requireRecentVerification(context)
        var user = context.user
        let email = try Self.email(id, of: user)
        try ensureMayDelete(email, among: user.emails, required: settings.emailAddress.required, of: user, named: "email address")
        user.emails.removeAll { $0.id == email.id }
        store(user)
        return accountAnswer(DeletedRecord(id: email.id, object: "email_address"), context)
    }

    private static func email(_ id: String, of user: UserRecord) throws(FrontendError) -> EmailRecord {
        guard let email = user.emails.first(where: { $0.id == id }) else { throw .notFound("IdentificationNotFound") }
        return email
    }
}
