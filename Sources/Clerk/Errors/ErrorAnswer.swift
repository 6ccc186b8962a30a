import Foundation

/// An error answer read leniently: every error that carries a code is kept, whatever else is
/// missing, null or of an unexpected type (`message` and `long_message` then read as empty,
/// `meta` as nil). The generated `ErrorResponse` follows the spec strictly; this is how the
/// runtime reads what servers really send. SPI so that the decode benchmarks time this path.
@_spi(Benchmarks) public struct ErrorAnswer: Sendable {
    /// The errors that carry a code, in order.
    public var errors: [APIError]
    /// The client under `meta.client`, when it is there and readable.
    public var client: ClientResource?
    /// `clerk_trace_id`, when it is a string.
    public var traceID: String?

    /// The answer in `body`, or nil when it has no recognisable error list: not a JSON object,
    /// no `errors` array, or a non-empty list in which no error carries a code. The shapes Clerk sends
    /// are read from `JSONSerialization`'s dictionaries (`readDictionaries`), everything else with
    /// `decoder`; both give the same answer.
    public static func parse(_ body: Data, decoder: JSONDecoder = JSONDecoder()) -> ErrorAnswer? {
        if case .useDefaultKeys = decoder.keyDecodingStrategy, case .read(let answer) = readDictionaries(body) {
            return answer
        }
        return parseWithDecoder(body, decoder: decoder)
    }

    /// The answer in `body` read through `decoder` (`Codable`), whatever its shape.
    static func parseWithDecoder(_ body: Data, decoder: JSONDecoder) -> ErrorAnswer? {
        guard let lenient = try? decoder.decode(LenientErrorBody.self, from: body) else { return nil }
        if lenient.errors.isEmpty && lenient.elementCount > 0 { return nil }
        return ErrorAnswer(errors: lenient.errors, client: lenient.client, traceID: lenient.traceID)
    }
}

/// Reads the envelope with one container per object, in one pass: each error from a container opened
/// on the list itself (no `Decodable` hop per element), and an optional key read only when it is there
/// (a missing key asked for with `try?` costs a thrown `DecodingError`, `decodeIfPresent` an Optional
/// metadata lookup).
private struct LenientErrorBody: Decodable {
    var errors: [APIError] = []
    /// Elements of `errors`, with a code or not.
    var elementCount = 0
    var client: ClientResource?
    var traceID: String?

    private enum Keys: String, CodingKey {
        case errors, meta
        case traceID = "clerk_trace_id"
    }

    private enum MetaKeys: String, CodingKey {
        case client
    }

    private enum ErrorKeys: String, CodingKey {
        case code, message, meta
        case longMessage = "long_message"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .errors)
        errors.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd {
            elementCount += 1
            guard let element = try? list.nestedContainer(keyedBy: ErrorKeys.self) else {
                _ = try list.decode(Skipped.self)  // not an object: step over it
                continue
            }
            if let error = Self.error(in: element) { errors.append(error) }
        }
        if container.contains(.traceID) { traceID = try? container.decode(String.self, forKey: .traceID) }
        if container.contains(.meta), let meta = try? container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta),
            meta.contains(.client)
        {
            client = try? meta.decode(ClientResource.self, forKey: .client)
        }
    }

    /// The error of one element; nil without a string `code`. Other members that are absent, null or
    /// of another type read as empty (messages) or nil (`meta`).
    private static func error(in element: KeyedDecodingContainer<ErrorKeys>) -> APIError? {
        guard element.contains(.code), let code = try? element.decode(String.self, forKey: .code) else { return nil }
        func string(_ key: ErrorKeys) -> String {
            element.contains(key) ? (try? element.decode(String.self, forKey: key)) ?? "" : ""
        }
        return APIError(
            message: string(.message), longMessage: string(.longMessage), code: ClerkErrorCode(rawValue: code),
            meta: element.contains(.meta) ? try? element.decode(APIErrorMeta.self, forKey: .meta) : nil)
    }
}

/// Any JSON value, read and dropped: steps an unkeyed container over an element it cannot use.
private struct Skipped: Decodable {
    init(from decoder: any Decoder) {}
}
