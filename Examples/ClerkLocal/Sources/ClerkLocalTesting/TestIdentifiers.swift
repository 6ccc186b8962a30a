import Foundation

/// Identifiers that receive nothing and take a fixed code, as Clerk's development instances treat
/// them (and `clerk-local` does): `+clerk_test` email addresses and `+1 XXX 555-01NN` phone numbers.
public enum TestIdentifiers {
    /// The code every test identifier takes.
    public static let code = "424242"

    /// A `+clerk_test` address no other call returns: `name+clerk_test_<random>@example.com`.
    public static func email(_ name: String = "user") -> String {
        "\(name)+clerk_test_\(suffix())@example.com"
    }

    /// A `+1 XXX 555-01NN` number in E.164 form, with a random area code and line.
    public static func phoneNumber() -> String {
        let area = Int.random(in: 201...989)
        let line = Int.random(in: 0...99)
        return "+1\(area)55501" + (line < 10 ? "0\(line)" : "\(line)")
    }

    private static func suffix() -> String {
        String(UUID().uuidString.prefix(8)).lowercased()
    }
}
