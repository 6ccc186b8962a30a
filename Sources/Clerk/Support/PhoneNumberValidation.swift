/// E.164 phone number checks, made before any request is sent.
public enum PhoneNumberValidation {
    /// Whether `number` is E.164: `+`, a non-zero digit, then up to 14 more digits (no spaces).
    public static func isE164(_ number: String) -> Bool {
        guard number.hasPrefix("+") else { return false }
        let digits = number.dropFirst()
        guard (2...15).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return digits.first != "0"
    }

    /// Returns `number` if it is E.164.
    /// - Throws: `ClerkError.invalidInput` naming `field` otherwise.
    @discardableResult
    public static func validate(_ number: String, field: String = "phone_number") throws(ClerkError) -> String {
        guard isE164(number) else {
            throw .invalidInput(
                InvalidInput(
                    field: field, reason: "a phone number must be in E.164 form, e.g. +15555550100 (a '+', the country code, then digits only)"))
        }
        return number
    }
}
