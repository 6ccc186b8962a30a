import ClerkAPI
import ClerkLocalCore
import Foundation

/// The Backend API's objects (`User`, `Session`, …) as its spec shapes them: every required key
/// present, `null` where the spec allows it, times in milliseconds. Secrets never appear: a user
/// shows whether it has a password or an authenticator, never the hash or the TOTP secret.
package struct BackendPresenter: Sendable {
    package let settings: InstanceSettings
    package let now: Date
    /// The server's URL, for the URLs of the images it serves.
    package var baseURL = ""

    package static func millis(_ date: Date) -> JSONValue {
        .integer(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    package static func millis(_ date: Date?) -> JSONValue {
        date.map { millis($0) } ?? .null
    }

    package static func string(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    package func user(_ user: UserRecord, lastActiveAt: Date?) -> JSONValue {
        let lockRemaining = user.lockout.remainingLock(now: now)
        // A lock set through the Backend API lasts until unlocked: it has no expiry to show.
        let lockedIndefinitely = user.lockout.lockedUntil == .distantFuture
        let lockoutSettings = settings.lockout
        return .object([
            "id": .string(user.id),
            "object": "user",
            "external_id": .null,
            "primary_email_address_id": Self.string(user.primaryEmail?.id),
            "primary_phone_number_id": Self.string(user.primaryPhone?.id),
            "primary_web3_wallet_id": .null,
            "username": Self.string(user.username),
            "first_name": Self.string(user.firstName),
            "last_name": Self.string(user.lastName),
            "image_url": "",
            "has_image": .bool(false),
            "public_metadata": user.publicMetadata ?? .object([:]),
            "private_metadata": user.privateMetadata ?? .object([:]),
            "unsafe_metadata": user.unsafeMetadata,
            "email_addresses": .array(user.emails.filter { !$0.awaitingVerification }.map(email)),
            "phone_numbers": .array(user.phones.filter { !$0.awaitingVerification }.map(phone)),
            "web3_wallets": .array([]),
            "passkeys": .array([]),
            "password_enabled": .bool(user.passwordHash != nil),
            "password_last_updated_at": Self.millis(user.passwordUpdatedAt),
            "two_factor_enabled": .bool(user.twoFactorEnabled),
            "totp_enabled": .bool(user.hasTOTP),
            "backup_code_enabled": .bool(user.hasBackupCodes),
            "mfa_enabled_at": Self.millis(user.twoFactorEnabled ? user.mfaEnabledAt : nil),
            "mfa_disabled_at": .null,
            "external_accounts": .array(user.linkedAccounts.map { ExternalAccountJSON.object($0, of: user, now: now) }),
            "saml_accounts": .array([]),
            "enterprise_accounts": .array([]),
            "last_sign_in_at": Self.millis(user.lastSignInAt),
            "banned": .bool(false),
            "locked": .bool(lockRemaining != nil),
            "lockout_expires_in_seconds": lockedIndefinitely ? .null : lockRemaining.map { .integer(Int64($0)) } ?? .null,
            "verification_attempts_remaining": lockoutSettings.enabled
                ? .integer(Int64(user.lockout.attemptsRemaining(settings: lockoutSettings) ?? 0)) : .null,
            "created_at": Self.millis(user.createdAt),
            "updated_at": Self.millis(user.updatedAt),
            "delete_self_enabled": .bool(true),
            "create_organization_enabled": .bool(false),
            "last_active_at": Self.millis(lastActiveAt),
            "legal_accepted_at": Self.millis(user.legalAcceptedAt),
        ])
    }

    private func verification(_ verified: Bool) -> JSONValue {
        guard verified else { return .null }
        return .object([
            "object": "verification_admin", "status": "verified", "strategy": "admin", "attempts": .null, "expire_at": .null,
        ])
    }

    private func email(_ email: EmailRecord) -> JSONValue {
        .object([
            "id": .string(email.id),
            "object": "email_address",
            "email_address": .string(email.address),
            "reserved": .bool(false),
            "verification": verification(email.verified),
            "linked_to": .array([]),
            "created_at": Self.millis(email.createdAt),
            "updated_at": Self.millis(email.createdAt),
        ])
    }

    private func phone(_ phone: PhoneRecord) -> JSONValue {
        .object([
            "id": .string(phone.id),
            "object": "phone_number",
            "phone_number": .string(phone.number),
            "reserved_for_second_factor": .bool(phone.reservedForSecondFactor),
            "default_second_factor": .bool(phone.defaultSecondFactor),
            "reserved": .bool(false),
            "verification": verification(phone.verified),
            "linked_to": .array([]),
            "backup_codes": .null,
            "created_at": Self.millis(phone.createdAt),
            "updated_at": Self.millis(phone.createdAt),
        ])
    }

    package func session(_ session: SessionRecord) -> JSONValue {
        .object([
            "object": "session",
            "id": .string(session.id),
            "user_id": .string(session.userID),
            "client_id": .string(session.clientID),
            "actor": session.actor ?? .null,
            "status": .string(session.status(at: now, settings: settings.sessions).rawValue),
            "last_active_organization_id": .null,
            "last_active_at": Self.millis(session.lastActiveAt),
            "expire_at": Self.millis(session.expireAt),
            "abandon_at": Self.millis(session.abandonAt),
            "updated_at": Self.millis(session.updatedAt),
            "created_at": Self.millis(session.createdAt),
            "tasks": session.tasks.isEmpty ? .null : .array(session.tasks.map { .object(["key": .string($0.rawValue)]) }),
        ])
    }

    package static func deleted(_ object: String, id: String) -> JSONValue {
        .object(["object": .string(object), "id": .string(id), "deleted": .bool(true)])
    }

    package static func totalCount(_ count: Int) -> JSONValue {
        .object(["object": "total_count", "total_count": .integer(Int64(count))])
    }
}
