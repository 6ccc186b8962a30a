/// The bcrypt digests the server accepts from outside (an imported user): what its bcrypt
/// verifies (`$2a$` or `$2b$`, a two-digit cost, 22 characters of salt and 31 of hash in bcrypt's
/// Base64), at a cost from 4 to 12.
///
/// 12 is the default of the common frameworks (Rails' `has_secure_password` and Devise, Laravel,
/// Django's bcrypt hasher), so a real database moves as it is. Each step doubles the work: a check at
/// 12 holds a slot of the hashing gate about four times as long as one at the instance's 10 (~0.3 s
/// here), and 13 or more would hold it for most of a second or longer per attempt. Such a digest is
/// replaced at the instance's cost by the user's next successful sign-in; until then a wrong password
/// for that user answers more slowly than one for a missing account (the decoys pad cheaper digests up
/// to the instance's cost, never down).
package enum PasswordDigestFormat {
    /// 4 is bcrypt's minimum; 12 the dearest accepted (above).
    package static let costs: ClosedRange<Int> = 4...12
    /// The costs a check is padded up from (`DecoyDigests`): bcrypt's minimum to the instance's own.
    package static let paddedCosts: ClosedRange<Int> = 4...Int(PasswordHasher.cost)
    private static let alphabet = Set("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    package static func isValid(_ digest: String) -> Bool {
        let bytes = Array(digest.utf8)
        guard bytes.count == 60, bytes[0] == UInt8(ascii: "$"), bytes[1] == UInt8(ascii: "2"),
            bytes[2] == UInt8(ascii: "a") || bytes[2] == UInt8(ascii: "b"), bytes[3] == UInt8(ascii: "$"),
            bytes[6] == UInt8(ascii: "$")
        else { return false }
        guard let cost = cost(of: digest) else { return false }
        return costs.contains(cost) && bytes[7...].allSatisfy(alphabet.contains)
    }

    /// The two-digit cost of a `$2?$NN$…` digest.
    package static func cost(of digest: String) -> Int? {
        let bytes = Array(digest.utf8.prefix(7))
        guard bytes.count == 7 else { return nil }
        let digits = bytes[4...5]
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(digits.first! - UInt8(ascii: "0")) * 10 + Int(digits.last! - UInt8(ascii: "0"))
    }
}
