/// A refusal from the Swift API, with the Clerk error code it would have on the wire.
public struct LocalServerError: Error, CustomStringConvertible, Sendable {
    public var code: String
    public var message: String
    public var paramName: String?

    package init(code: String, message: String, paramName: String? = nil) {
        self.code = code
        self.message = message
        self.paramName = paramName
    }

    package init(_ error: FrontendError) {
        self.init(code: error.code.rawValue, message: error.longMessage, paramName: error.paramName)
    }

    public var description: String {
        "\(code): \(message)" + (paramName.map { " (\($0))" } ?? "")
    }
}
