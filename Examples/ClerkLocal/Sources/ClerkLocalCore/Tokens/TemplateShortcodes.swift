import ClerkAPI
import Foundation

/// Fills a JWT template's claims for one user and session: a string that is exactly
/// `{{user.id}}`, `{{user.first_name}}`, `{{user.last_name}}`, `{{user.username}}`,
/// `{{user.primary_email_address}}`, `{{user.primary_phone_number}}`, `{{user.two_factor_enabled}}`
/// or `{{session.id}}` becomes that value (null when the user has none, as Clerk renders it);
/// other strings, numbers and nesting stay as written.
package enum TemplateShortcodes {
    package static func fill(_ claims: [String: JSONValue], user: UserRecord, sessionID: String) -> [String: JSONValue] {
        claims.mapValues { fill($0, user: user, sessionID: sessionID) }
    }

    private static func fill(_ value: JSONValue, user: UserRecord, sessionID: String) -> JSONValue {
        switch value {
        case .string(let text):
            guard text.hasPrefix("{{"), text.hasSuffix("}}") else { return value }
            let name = text.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces)
            return resolve(name, user: user, sessionID: sessionID) ?? value
        case .array(let items):
            return .array(items.map { fill($0, user: user, sessionID: sessionID) })
        case .object(let fields):
            return .object(fields.mapValues { fill($0, user: user, sessionID: sessionID) })
        default:
            return value
        }
    }

    /// The value of a known shortcode; nil for an unknown one (left as written).
    private static func resolve(_ name: String, user: UserRecord, sessionID: String) -> JSONValue? {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        switch name {
        case "user.id": return .string(user.id)
        case "user.first_name": return text(user.firstName)
        case "user.last_name": return text(user.lastName)
        case "user.username": return text(user.username)
        case "user.primary_email_address": return text(user.primaryEmail?.address)
        case "user.primary_phone_number": return text(user.primaryPhone?.number)
        case "user.two_factor_enabled": return .bool(user.twoFactorEnabled)
        case "session.id": return .string(sessionID)
        default: return nil
        }
    }
}
