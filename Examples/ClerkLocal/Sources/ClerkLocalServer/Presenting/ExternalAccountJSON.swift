import ClerkAPI
import ClerkLocalCore
import Foundation

/// An external account in the shape the Frontend and Backend API specs share
/// (`ExternalAccountWithVerification`): the provider's user id, the address and names its token
/// carried, and an OAuth verification (a connection's while it waits for the provider or failed).
enum ExternalAccountJSON {
    /// The account as both APIs show it on a user (`ExternalAccountWithVerification`).
    static func object(_ record: ExternalAccountRecord, of user: UserRecord, now: Date) -> JSONValue {
        let identificationID = user.emails.first { $0.address == record.emailAddress }?.id ?? ""
        let linkedAt = Self.milliseconds(record.createdAt)
        return .object([
            "object": .string("external_account"),
            "id": .string(record.id),
            "provider": .string(record.provider.oauthStrategy.rawValue),
            "identification_id": .string(identificationID),
            "provider_user_id": .string(record.providerUserID),
            "approved_scopes": .string(record.provider == .apple ? "email name" : "email openid profile"),
            "email_address": .string(record.emailAddress),
            "email_address_verified": .bool(true),
            "first_name": .string(record.firstName ?? ""),
            "last_name": .string(record.lastName ?? ""),
            "image_url": .null,
            "username": .null,
            "phone_number": .null,
            "public_metadata": .object([:]),
            "label": .null,
            "created_at": .integer(linkedAt),
            "updated_at": .integer(Self.milliseconds(record.updatedAt)),
            "verification": record.verification.map { Self.connection($0, of: record, now: now) }
                ?? .object([
                    "object": .string("verification_oauth"),
                    "status": .string("verified"),
                    "strategy": .string(record.provider.oauthStrategy.rawValue),
                    "attempts": .null,
                    "expire_at": .integer(linkedAt),
                ]),
        ])
    }

    /// A connection's verification: unverified with the provider's page, failed with the reason,
    /// or expired when the user never came back.
    private static func connection(_ external: ExternalVerification, of record: ExternalAccountRecord, now: Date) -> JSONValue {
        let strategy = record.provider.oauthStrategy
        let error = WirePresenter.externalVerificationError(external, strategy: strategy)
        let status: VerificationStatus = error != nil ? .failed : now < external.expiresAt ? .unverified : .expired
        var verification: [String: JSONValue] = [
            "object": .string("verification_oauth"),
            "status": .string(status.rawValue),
            "strategy": .string(strategy.rawValue),
            "error": error.flatMap { try? JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode($0)) } ?? .null,
            "attempts": .null,
            "expire_at": .integer(Self.milliseconds(external.expiresAt)),
        ]
        if status == .unverified { verification["external_verification_redirect_url"] = .string(external.redirectURL) }
        return .object(verification)
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        ClerkTimestamp(date).millisecondsSince1970
    }
}
