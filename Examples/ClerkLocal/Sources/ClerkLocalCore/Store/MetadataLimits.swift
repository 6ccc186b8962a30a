import ClerkAPI
import Foundation

/// Bounds on metadata a caller stores (`unsafe_metadata`), checked before anything changes. The
/// metadata is echoed in every later answer about the client, so the check encodes it with the
/// encoder those answers use: what is stored can always be sent back.
package enum MetadataLimits {
    /// Clerk's limit on a metadata object.
    package static let maxBytes = 8 * 1024
    /// Objects and arrays inside one another; far below what any JSON encoder refuses.
    package static let maxDepth = 16

    package static func check(_ metadata: JSONValue, parameter: String) throws(FrontendError) {
        guard depth(of: metadata) <= maxDepth else {
            throw FrontendError(
                .formParamValueInvalid, paramName: parameter, message: "is invalid",
                longMessage: "\(parameter) cannot nest objects and arrays more than \(maxDepth) levels deep.")
        }
        let size = (try? JSONEncoder().encode(metadata).count) ?? Int.max
        guard size <= maxBytes else {
            throw FrontendError(
                .formParamMaxLengthExceeded, paramName: parameter,
                longMessage: "\(parameter) cannot exceed \(maxBytes) bytes when encoded as JSON.")
        }
    }

    /// 0 for a scalar, 1 for a flat object or array, and so on; iterative, so no input can exhaust the stack.
    package static func depth(of value: JSONValue) -> Int {
        var deepest = 0
        var pending: [(JSONValue, Int)] = [(value, 0)]
        while let (current, level) = pending.popLast() {
            let children: [JSONValue]
            switch current {
            case .object(let object): children = Array(object.values)
            case .array(let array): children = array
            default: continue
            }
            deepest = max(deepest, level + 1)
            pending.append(contentsOf: children.map { ($0, level + 1) })
        }
        return deepest
    }
}
