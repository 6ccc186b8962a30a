/// Why a form could not be read into a typed body. Each case names the parameter, so a
/// server can answer with Clerk's error code and `meta.param_name`.
public enum FormDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A required parameter is absent or empty (`form_param_missing`).
    case missing(parameter: String)
    /// A parameter the endpoint does not take (`form_param_unknown`).
    case unknown(parameter: String)
    /// A parameter whose value has the wrong format (`form_param_format_invalid`).
    case invalidFormat(parameter: String, expected: String)
    /// A single-valued parameter sent more than once (`form_param_duplicate`).
    case duplicate(parameter: String)
    /// The body is not a form at all.
    case malformedBody(reason: String)

    /// The parameter concerned, if any.
    public var parameter: String? {
        switch self {
        case .missing(let name), .unknown(let name), .duplicate(let name), .invalidFormat(let name, _): name
        case .malformedBody: nil
        }
    }

    /// What went wrong, naming the parameter.
    public var description: String {
        switch self {
        case .missing(let name): "form parameter '\(name)' is missing"
        case .unknown(let name): "form parameter '\(name)' is not accepted here"
        case .invalidFormat(let name, let expected): "form parameter '\(name)' must be \(expected)"
        case .duplicate(let name): "form parameter '\(name)' was sent more than once"
        case .malformedBody(let reason): "the form body is malformed: \(reason)"
        }
    }
}
