import ClerkAPI
import Foundation

/// The Backend API's metadata bodies, for users and organizations alike.
extension InstanceRules {
    /// A metadata value sent: a JSON object within Clerk's limits, nil when not sent.
    static func metadata(_ value: JSONValue?, _ parameter: String) throws(FrontendError) -> JSONValue? {
        guard let value else { return nil }
        guard case .object = value else { throw .invalidFormat(parameter, longMessage: "\(parameter) must be a JSON object.") }
        try MetadataLimits.check(value, parameter: parameter)
        return value
    }

    /// Clerk's merge of metadata: objects merge key by key, a null removes the key, anything else replaces.
    static func merge(_ base: JSONValue, _ patch: JSONValue) -> JSONValue {
        guard case .object(var object) = base, case .object(let changes) = patch else { return patch }
        for (key, value) in changes {
            if value == .null {
                object.removeValue(forKey: key)
            } else {
                object[key] = merge(object[key] ?? .null, value)
            }
        }
        return .object(object)
    }
}
