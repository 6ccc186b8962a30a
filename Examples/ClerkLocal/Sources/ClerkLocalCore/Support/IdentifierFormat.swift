/// What kind of identifier a sign-in was started with, and the checks Clerk applies to each.
package enum IdentifierKind: String, Sendable, Hashable, Codable {
    case emailAddress = "email_address"
    case phoneNumber = "phone_number"
    case username
}

package enum IdentifierFormat {
    /// Classifies a raw identifier the way Clerk's sign-in does: an `@` means an email address,
    /// a leading `+` a phone number, anything else a username.
    package static func kind(of identifier: String) -> IdentifierKind {
        if identifier.unicodeScalars.contains("@") { return .emailAddress }
        if identifier.hasPrefix("+") { return .phoneNumber }
        return .username
    }

    /// Lower-cased and trimmed, as email addresses are compared case-insensitively.
    package static func normalizedEmail(_ text: String) -> String {
        text.trimmingWhitespace().lowercased()
    }

    private static let refusedInLocalPart: Set<Unicode.Scalar> = ["\"", ",", "<", ">"]

    /// Format characters (U+0600, U+202E, …) too: they are invisible, or turn the text around it.
    private static func isRefusedInLocalPart(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return scalar.properties.isWhitespace || refusedInLocalPart.contains(scalar) || category == .control || category == .format
    }

    private static func isDomainScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
    }

    /// A deliberately plain check: one `@`, a non-empty local part without spaces, and a domain
    /// with a dot whose labels are letters, digits and hyphens. By scalar throughout: `"\u{600}@"`
    /// or `"<\u{301}"` is one Character, equal to neither `@` nor `<`.
    package static func isValidEmail(_ text: String) -> Bool {
        guard text.utf8.count <= 320 else { return false }
        let parts = text.unicodeScalars.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let local = parts[0]
        let domain = parts[1]
        guard !local.isEmpty, local.reduce(0, { $0 + UTF8.width($1) }) <= 64,
            !local.contains(where: Self.isRefusedInLocalPart),
            local.first != ".", local.last != "."
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-" && label.allSatisfy(Self.isDomainScalar)
        }
    }

    /// E.164: a `+`, a non-zero country digit, 8 to 15 digits in all. Spaces, dashes, dots and
    /// brackets that people type are removed first; nil if what remains is not E.164.
    package static func normalizedPhone(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.hasPrefix("+") else { return nil }
        var digits = ""
        for character in trimmed.dropFirst() {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if !" -.()".contains(character) {
                return nil
            }
        }
        guard (8...15).contains(digits.count), digits.first != "0" else { return nil }
        return "+" + digits
    }

    /// 4 to 64 letters, digits, `_` and `-`, not all digits.
    package static func isValidUsername(_ text: String) -> Bool {
        (4...64).contains(text.count)
            && text.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" || $0 == "-" }
            && !text.allSatisfy(\.isNumber)
    }
}

/// Clerk's test conventions for development instances: these identifiers receive nothing and
/// accept the fixed code 424242.
package enum TestIdentifierRules {
    package static let fixedCode = "424242"

    /// An email whose local part carries the `+clerk_test` subaddress.
    package static func isTestEmail(_ email: String) -> Bool {
        guard let at = email.unicodeScalars.lastIndex(of: "@") else { return false }
        return String(email.unicodeScalars[..<at]).lowercased().contains("+clerk_test")
    }

    /// A North American number `+1 XXX 555-0100` to `555-0199`, in E.164 form.
    package static func isTestPhone(_ e164: String) -> Bool {
        let digits = Array(e164.utf8.dropFirst())
        guard e164.hasPrefix("+1"), digits.count == 11 else { return false }
        let exchange = String(decoding: digits[4..<9], as: UTF8.self)
        return exchange == "55501"
    }

    package static func isTest(_ identifier: String) -> Bool {
        isTestEmail(identifier) || isTestPhone(identifier)
    }
}

extension Character {
    /// NUL, ESC, DEL, the C1 controls: characters no identifier or password may carry.
    package var isControl: Bool {
        unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

extension String {
    package func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
