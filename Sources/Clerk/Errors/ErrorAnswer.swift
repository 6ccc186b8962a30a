import Foundation

/// An error answer read leniently: every error that carries a code is kept, whatever else is
/// missing, null or of an unexpected type (`message` and `long_message` then read as empty,
/// `meta` as nil). The generated `ErrorResponse` follows the spec strictly; this is how the
/// runtime reads what servers really send.
struct ErrorAnswer {
    /// The errors that carry a code, in order.
    var errors: [APIError]
    /// The client under `meta.client`, when it is there and readable.
    var client: ClientResource?
    /// `clerk_trace_id`, when it is a string.
    var traceID: String?

    /// The answer in `body`, or nil when it has no recognisable error list: not a JSON object,
    /// no `errors` array, or a non-empty list in which no error carries a code.
    static func parse(_ body: Data) -> ErrorAnswer? {
        guard let lenient = try? JSONDecoder().decode(LenientErrorBody.self, from: body) else { return nil }
        let errors = lenient.errors.compactMap(\.error)
        if errors.isEmpty && !lenient.errors.isEmpty { return nil }
        return ErrorAnswer(errors: errors, client: lenient.client, traceID: lenient.traceID)
    }
}

private struct LenientErrorBody: Decodable {
    let errors: [LenientAPIError]
    let client: ClientResource?
    let traceID: String?

    private enum Keys: String, CodingKey {
        case errors, meta
        case traceID = "clerk_trace_id"
    }

    private enum MetaKeys: String, CodingKey {
        case client
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        errors = try container.decode([LenientAPIError].self, forKey: .errors)
        traceID = try? container.decodeIfPresent(String.self, forKey: .traceID)
        let meta = try? container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
        client = meta.flatMap { try? $0.decodeIfPresent(ClientResource.self, forKey: .client) }
    }
}

/// One element of `errors`; never fails, so that one odd element cannot hide the others.
private struct LenientAPIError: Decodable {
    let error: APIError?

    private enum Keys: String, CodingKey {
        case code, message, meta
        case longMessage = "long_message"
    }

    init(from decoder: any Decoder) {
        guard let container = try? decoder.container(keyedBy: Keys.self),
            let code = try? container.decode(String.self, forKey: .code)
        else {
            error = nil
            return
        }
        error = APIError(
            message: (try? container.decodeIfPresent(String.self, forKey: .message)) ?? "",
            longMessage: (try? container.decodeIfPresent(String.self, forKey: .longMessage)) ?? "",
            code: ClerkErrorCode(rawValue: code),
            meta: try? container.decodeIfPresent(APIErrorMeta.self, forKey: .meta))
    }
}
