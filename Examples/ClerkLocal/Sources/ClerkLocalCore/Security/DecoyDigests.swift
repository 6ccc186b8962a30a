import HummingbirdBcrypt

/// Digests of a password no one has, checked after the real one so that every password check costs
/// what one check at the instance's cost does: bcrypt's work doubles with each step of cost, so a
/// digest of cost c is followed by 2^(10-c) - 1 decoys of cost c, and a missing account (or a
/// password bcrypt cannot take) by one decoy at 10.
package enum DecoyDigests {
    /// One per cost from bcrypt's minimum to the instance's, made on first use.
    package static let byCost: [Int: String] = Dictionary(
        uniqueKeysWithValues: PasswordDigestFormat.paddedCosts.map { ($0, Bcrypt.hash(SecureRandom.token(), cost: UInt8($0))) })

    /// The decoys to check after `digest` (nil: no digest was checked).
    package static func padding(after digest: String?) -> [String] {
        let instanceCost = Int(PasswordHasher.cost)
        guard let digest, let cost = PasswordDigestFormat.cost(of: digest), PasswordDigestFormat.paddedCosts.contains(cost) else {
            // An unreadable digest fails at once; a dearer one already costs more.
            if let cost = digest.flatMap(PasswordDigestFormat.cost(of:)), cost > instanceCost { return [] }
            return [byCost[instanceCost]!]
        }
        return Array(repeating: byCost[cost]!, count: (1 << (instanceCost - cost)) - 1)
    }
}
