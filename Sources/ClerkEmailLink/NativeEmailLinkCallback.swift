import Clerk
import Foundation

/// The URL a native email link opens in the app: the `redirect_url` it was sent with, with the
/// flow it belongs to (`flow_id`, the sign-in's id) and the `approval_token` that, with the app's
/// code verifier, completes it. The token is a secret: descriptions never show it.
///
/// ```swift
/// let callback = try NativeEmailLinkCallback(URL(string: "myapp://email-link?flow_id=sia_123&approval_token=tok")!)
/// ```
public struct NativeEmailLinkCallback: Sendable, Hashable, CustomStringConvertible {
    /// The flow the link belongs to: the id of the sign-in that sent it.
    public let flowID: String
    /// The one-time approval the opened link gave.
    public let approvalToken: SecretString

    /// Reads `flow_id` and `approval_token` from `url`.
    /// - Throws: `FlowError.emailLink` when the URL reports instead that the link expired or was
    ///   opened already (`__clerk_status`); `ClerkError.invalidInput` (field `flow_id` or
    ///   `approval_token`) when it carries neither.
    public init(_ url: URL) throws(ClerkError) {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? {
            items.last { $0.name == name }?.value.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        guard let flowID = value("flow_id"), let token = value("approval_token") else {
            if let failure = (try? EmailLinkRedirect(url))?.failure { throw .flow(.emailLink(failure)) }
            let missing = value("flow_id") == nil ? "flow_id" : "approval_token"
            throw .invalidInput(InvalidInput(field: missing, reason: "the URL is not a native email link (no \(missing))"))
        }
        self.flowID = flowID
        self.approvalToken = SecretString(token)
    }

    /// Reads the URL as `init(_:)` does, for the flow `flowID` (a sign-in or sign-up, `flow`).
    /// - Throws: `ClerkError.invalidInput` (field `flow_id`) when the link is of another flow.
    init(_ url: URL, of flowID: String, flow: String) throws(ClerkError) {
        try self.init(url)
        guard self.flowID == flowID else { throw .invalidInput(InvalidInput(field: "flow_id", reason: "the link belongs to another \(flow)")) }
    }

    /// The flow; never the token.
    public var description: String { "NativeEmailLinkCallback(flow \(flowID))" }
}
