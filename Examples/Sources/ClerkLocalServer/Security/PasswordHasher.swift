import HummingbirdBcrypt

/// bcrypt at cost 10, run off the state actor and the cooperative pool (a hash takes tens of
/// milliseconds) and through a `HashingGate`, which bounds how many run at once.
public struct PasswordHasher: Sendable {
    public static let cost: UInt8 = 10

    /// A hash of a password no one has, at the instance's cost, checked when the account does not
    /// exist (or has a cheaper digest) so that the answer takes as long as for a real account.
    static let decoyHash = Bcrypt.hash(SecureRandom.token(), cost: cost)

    let gate: HashingGate

    public init() {
        gate = HashingGate()
    }

    init(gate: HashingGate) {
        self.gate = gate
    }

    /// Waits for the gate however long its queue: seeding, the admin API and the Backend API.
    public func hash(_ password: String) async -> String {
        await gate.runWhenFree { Bcrypt.hash(password, cost: Self.cost) }
    }

    /// For the Frontend API: 429 when the gate's queue is full.
    func admittedHash(_ password: String) async throws(FrontendError) -> String {
        try await gate.run { Bcrypt.hash(password, cost: Self.cost) }
    }

    /// False for a password with a NUL in it, whatever the hash: bcrypt would read only up to the NUL.
    /// 429 when the gate's queue is full.
    func verify(_ password: String, against hash: String?) async throws(FrontendError) -> Bool {
        guard let hash, !password.utf8.contains(0) else {
            _ = try await gate.run { Bcrypt.verify(password, hash: Self.decoyHash) }
            return false
        }
        let padded = (PasswordDigestFormat.cost(of: hash) ?? Int(Self.cost)) < Int(Self.cost)
        return try await gate.run {
            let matches = Bcrypt.verify(password, hash: hash)
            // A cheaper imported digest answers no faster than the instance's own cost.
            if padded { _ = Bcrypt.verify(password, hash: Self.decoyHash) }
            return matches
        }
    }
}
