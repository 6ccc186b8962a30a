import ClerkSoftwarePasskey
import ClerkTrustedDevice
import Crypto
import Foundation
import Synchronization

/// A ``TrustedDeviceKeyStore`` with software P-256 keys (swift-crypto), for tests and command-line tools where no
/// Secure Enclave signs: the keys and the credential live in memory, or in an owner-only file (mode 0600, refused
/// when the group or others may read it) so that a tool signs in with the same device on its next run. Signing asks
/// no one: `reason` is ignored.
public final class SoftwareTrustedDeviceKeyStore: TrustedDeviceKeyStore {
    /// What the file holds: each key's raw private scalar by key id, and the credential.
    struct Contents: Codable {
        var keys: [String: Data] = [:]
        var credential: TrustedDeviceCredential?
    }

    private let file: URL?
    private let contents: Mutex<Contents>

    /// A store in memory.
    public init() {
        file = nil
        contents = Mutex(Contents())
    }

    /// A store in the file at `url`, read now (none yet is an empty store) and written after each change.
    /// - Throws: `OwnerOnlyFileFailure` when the file is readable by others or is not this store's.
    public init(file url: URL) throws {
        file = url
        var kept = Contents()
        if let data = try OwnerOnlyFile.contents(of: url) {
            guard let decoded = try? JSONDecoder().decode(Contents.self, from: data) else { throw OwnerOnlyFileFailure.unreadable(path: url.path) }
            kept = decoded
        }
        contents = Mutex(kept)
    }

    public func createKey() async throws(ClerkError) -> TrustedDeviceKey {
        let key = P256.Signing.PrivateKey()
        let keyID = "tdk_" + UUID().uuidString.lowercased()
        try change { $0.keys[keyID] = key.rawRepresentation }
        return TrustedDeviceKey(keyID: keyID, publicKeyJWK: try TrustedDeviceStrategy.publicKeyJWK(x963: Array(key.publicKey.x963Representation)))
    }

    public func sign(_ clientData: String, keyID: String, reason: String) async throws(ClerkError) -> String {
        guard let raw = contents.withLock({ $0.keys[keyID] }), let key = try? P256.Signing.PrivateKey(rawRepresentation: raw),
            let signature = try? key.signature(for: Data(clientData.utf8))
        else { throw .invalidInput(InvalidInput(field: "trusted_device", reason: "this store has no key \(keyID)")) }
        return TrustedDeviceStrategy.base64URL(signature.rawRepresentation)
    }

    public func deleteKey(_ keyID: String) async throws(ClerkError) {
        try change { $0.keys[keyID] = nil }
    }

    public func credential() async throws(ClerkError) -> TrustedDeviceCredential? {
        contents.withLock { $0.credential }
    }

    public func keep(_ credential: TrustedDeviceCredential?) async throws(ClerkError) {
        try change { $0.credential = credential }
    }

    /// How many keys the store holds (a failed enrolment leaves none behind).
    public var keyCount: Int { contents.withLock { $0.keys.count } }

    /// Applies `update` and writes the file, if any.
    private func change(_ update: (inout Contents) -> Void) throws(ClerkError) {
        let snapshot = contents.withLock { contents in
            update(&contents)
            return contents
        }
        guard let file else { return }
        do {
            try OwnerOnlyFile.store(try JSONEncoder().encode(snapshot), at: file)
        } catch {
            throw .invalidInput(InvalidInput(field: "trusted_device", reason: "the key file could not be written: \(error)"))
        }
    }
}
