import Dispatch
import HummingbirdBcrypt

/// bcrypt at cost 10, run on a dispatch queue of its own: a hash takes tens of milliseconds and
/// must not hold the state actor or a cooperative-pool thread that serves other requests.
public struct PasswordHasher: Sendable {
    public static let cost: UInt8 = 10
    private static let queue = DispatchQueue(label: "clerk-local.bcrypt", attributes: .concurrent)

    /// A hash of a password no one has, checked when the account does not exist so that the
    /// answer takes as long as for a real account.
    private static let decoyHash = Bcrypt.hash(SecureRandom.token(), cost: cost)

    public init() {}

    public func hash(_ password: String) async -> String {
        await Self.run { Bcrypt.hash(password, cost: Self.cost) }
    }

    /// False for a password with a NUL in it, whatever the hash: bcrypt would read only up to the NUL.
    public func verify(_ password: String, against hash: String?) async -> Bool {
        guard let hash, !password.utf8.contains(0) else {
            _ = await Self.run { Bcrypt.verify(password, hash: Self.decoyHash) }
            return false
        }
        return await Self.run { Bcrypt.verify(password, hash: hash) }
    }

    private static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
