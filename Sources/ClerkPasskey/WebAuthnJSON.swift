import Clerk
import Foundation

/// WebAuthn's JSON forms for authenticators written over platform APIs: objects, and binary members as base64url.
public enum WebAuthnJSON {
    /// The error for options that are not WebAuthn JSON.
    public static let unreadable = ClerkError.invalidInput(InvalidInput(field: "nonce", reason: "the passkey options are not WebAuthn JSON"))

    /// base64url without padding.
    public static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of a base64url (or base64) member; nil when it is not one.
    public static func bytes(_ value: Any?) -> Data? {
        guard let text = value as? String else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    /// A JSON object's members.
    public static func object(_ json: String) throws(ClerkError) -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] else { throw unreadable }
        return object
    }

    /// An object as JSON (keys sorted, slashes unescaped).
    public static func string(_ object: [String: Any]) throws(ClerkError) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            throw unreadable
        }
        return String(decoding: data, as: UTF8.self)
    }
}
