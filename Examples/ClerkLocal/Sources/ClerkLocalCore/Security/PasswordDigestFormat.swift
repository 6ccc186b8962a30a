/// The bcrypt digests the server accepts from outside (an imported user): what its bcrypt
/// verifies (`$2a$` or `$2b$`, a two-digit cost, 22 characters of salt and 31 of hash in bcrypt's
/// Base64), at no more than the instance's own cost: a dearer digest would tie up the hashing gate
/// and answer a wrong password measurably slower than a missing account does.
package enum PasswordDigestFormat {
    /// 4 is bcrypt's minimum; each step doubles the time (10, the server's own, is ~70 ms here).
    package static let costs: ClosedRange<Int> = 4...Int(PasswordHasher.cost)
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
