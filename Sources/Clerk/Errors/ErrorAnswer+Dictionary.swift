import Foundation

// Why this exists: reading an error answer through `JSONDecoder` cost 2.1–2.7x parsing the same bytes
// with `JSONSerialization`, nearly all of it the decoder's fixed cost per container and its allocations.
// The shapes Clerk sends (an error list, messages, `meta.param_name`, `clerk_trace_id`) are read here
// from the parsed dictionaries instead. Anything this reading cannot answer exactly as `parseWithDecoder`
// does is left to it: a client under `meta.client`, an error `meta` with keys or value types
// `APIErrorMeta` does not name, bodies `JSONSerialization` rejects (it is stricter: `1.`, `1e400`).
// One difference remains, for invalid input only: a member name repeated in one object reads as its
// last value here and its first through `JSONDecoder` (RFC 8259 leaves that to the parser).
extension ErrorAnswer {
    /// What `readDictionaries` made of a body.
    enum DictionaryReading {
        /// The answer `parseWithDecoder` gives (nil: no recognisable error list).
        case read(ErrorAnswer?)
        /// A body left to `parseWithDecoder`.
        case unsupported
    }

    /// The answer in `body` read from `JSONSerialization`'s dictionaries, by the lenient rules of
    /// `parse`: an element that is not an object or has no string `code` is skipped, messages that
    /// are not strings read as empty, `meta` that is not an object as nil.
    static func readDictionaries(_ body: Data) -> DictionaryReading {
        guard let object = try? JSONSerialization.jsonObject(with: body) else { return .unsupported }
        guard let envelope = object as? [String: Any], let list = envelope["errors"] as? [Any] else { return .read(nil) }
        if let meta = envelope["meta"] as? [String: Any], meta["client"] != nil { return .unsupported }
        var errors: [APIError] = []
        errors.reserveCapacity(list.count)
        for element in list {
            guard let fields = element as? [String: Any], let code = fields["code"] as? String else { continue }
            var meta: APIErrorMeta?
            if let metaFields = fields["meta"] as? [String: Any] {
                guard let read = errorMeta(metaFields) else { return .unsupported }
                meta = read
            }
            errors.append(
                APIError(
                    message: fields["message"] as? String ?? "", longMessage: fields["long_message"] as? String ?? "",
                    code: ClerkErrorCode(rawValue: code), meta: meta))
        }
        if errors.isEmpty && !list.isEmpty { return .read(nil) }
        return .read(ErrorAnswer(errors: errors, client: nil, traceID: envelope["clerk_trace_id"] as? String))
    }

    /// An error's `meta` when every key is one `APIErrorMeta` names and holds null or a value of its
    /// type; nil for anything else (unknown keys go to `additionalProperties` as `JSONValue`, left to
    /// the decoder).
    private static func errorMeta(_ fields: [String: Any]) -> APIErrorMeta? {
        var meta = APIErrorMeta()
        for (key, value) in fields {
            let isNull = value is NSNull
            switch key {
            case "param_name":
                guard isNull || value is String else { return nil }
                meta.paramName = value as? String
            case "session_id":
                guard isNull || value is String else { return nil }
                meta.sessionID = value as? String
            case "identifiers":
                guard isNull || value is [String] else { return nil }
                meta.identifiers = value as? [String]
            case "lockout_expires_in_seconds":
                guard isNull || integer(value) != nil else { return nil }
                meta.lockoutExpiresInSeconds = integer(value)
            default:
                return nil
            }
        }
        return meta
    }

    /// A number `JSONSerialization` read from an integer literal (`q`, `i`, `l`, `s`: not a boolean,
    /// `c`, nor a double), when it fits `Int`.
    private static func integer(_ value: Any) -> Int? {
        guard let number = value as? NSNumber else { return nil }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "q"), UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "s"): return Int(exactly: number.int64Value)
        default: return nil
        }
    }
}
