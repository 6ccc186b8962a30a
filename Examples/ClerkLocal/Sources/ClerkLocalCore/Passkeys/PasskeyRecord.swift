import Foundation

/// A passkey of a user: registered (its credential) once its registration verified; until then the
/// challenge its creation options carry.
package struct PasskeyRecord: Sendable, Codable {
    package var id: String
    package var name: String
    /// The verified credential; nil while the registration is pending.
    package var credential: RegisteredPasskeyCredential?
    /// The registration's challenge while it is pending.
    package var challenge: PasskeyChallenge?
    /// The creation options sent in the verification's `nonce`, while the registration is pending.
    package var creationOptions: String?
    package var lastUsedAt: Date?
    package var createdAt: Date
    package var updatedAt: Date

    package var isRegistered: Bool { credential != nil }
}

extension UserRecord {
    /// The user's passkeys, registered or pending (none for users kept before passkeys existed).
    package var allPasskeys: [PasskeyRecord] { passkeys ?? [] }

    /// The passkeys whose registration verified.
    package var registeredPasskeys: [PasskeyRecord] { allPasskeys.filter(\.isRegistered) }

    /// The registered passkey with `credentialID`.
    package func passkey(credentialID: [UInt8]) -> PasskeyRecord? {
        registeredPasskeys.first { $0.credential?.credentialID == credentialID }
    }

    /// Replaces the passkey with the same id, or adds it.
    package mutating func store(_ passkey: PasskeyRecord) {
        var list = allPasskeys
        if let index = list.firstIndex(where: { $0.id == passkey.id }) { list[index] = passkey } else { list.append(passkey) }
        passkeys = list
    }
}
