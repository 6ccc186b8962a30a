import HummingbirdBcrypt

/// bcrypt at cost 10, run off the state actor and the cooperative pool (a hash takes tens of
/// milliseconds) and through a `HashingGate`, which bounds how many run at once.
///
/// Every password check does the work of one check at the instance's cost, whatever the digest
/// (`DecoyDigests`): a wrong password must not answer at another speed than a missing account.
/// Only a digest dearer than the instance's (kept from an older version) costs more, until the
/// next successful sign-in hashes the password again at the instance's cost.
public struct PasswordHasher: Sendable {
    public static let cost: UInt8 = 10

    package let gate: HashingGate
    /// Sees the digest of every bcrypt check before it runs: its cost is the work done (tests).
    package let onCheck: (@Sendable (String) -> Void)?

    public init() {
        self.init(gate: HashingGate())
    }

    package init(gate: HashingGate, onCheck: (@Sendable (String) -> Void)? = nil) {
        self.gate = gate
        self.onCheck = onCheck
    }

    /// Waits for the gate however long its queue: seeding, the admin API and the Backend API.
    public func hash(_ password: String) async -> String {
        await gate.runWhenFree { Bcrypt.hash(password, cost: Self.cost) }
    }

    /// For the Frontend API: 429 when the gate's queue is full.
    package func admittedHash(_ password: String) async throws(FrontendError) -> String {
        try await gate.run { Bcrypt.hash(password, cost: Self.cost) }
    }

    /// Whether the password matches; false for a password with a NUL in it, whatever the hash (bcrypt
    /// would read only up to the NUL). 429 when the gate's queue is full.
    package func verify(_ password: String, against hash: String?) async throws(FrontendError) -> Bool {
        try await check(password, against: hash, rehashing: false).matched
    }

    /// `verify`, and for a match against a digest of another cost than the instance's, the password
    /// hashed again at the instance's cost (in the same turn at the gate) for the caller to store.
    package func check(_ password: String, against hash: String?, rehashing: Bool = true) async throws(FrontendError) -> PasswordCheck {
        let digest = hash.flatMap { password.utf8.contains(0) ? nil : $0 }
        return try await gate.run {
            let matched = digest.map { bcrypt(password, $0) } ?? false
            for decoy in DecoyDigests.padding(after: digest) { _ = bcrypt(password, decoy) }
            guard matched, rehashing, let digest, PasswordDigestFormat.cost(of: digest) != Int(Self.cost) else {
                return PasswordCheck(matched: matched, rehashed: nil)
            }
            return PasswordCheck(matched: true, rehashed: Bcrypt.hash(password, cost: Self.cost))
        }
    }

    private func bcrypt(_ password: String, _ digest: String) -> Bool {
        onCheck?(digest)
        return Bcrypt.verify(password, hash: digest)
    }
}

/// The outcome of a password check: whether it matched and, if the digest should be replaced, its
/// replacement at the instance's cost.
package struct PasswordCheck: Sendable {
    package var matched: Bool
    package var rehashed: String?
}
