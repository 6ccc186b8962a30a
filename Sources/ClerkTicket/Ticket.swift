import Clerk
import Foundation

/// A ticket a backend minted: a sign-in token (`POST /v1/sign_in_tokens` of the Backend API) or
/// an invitation (`POST /v1/invitations`), whose link carries it as `__clerk_ticket`. It is a
/// secret: descriptions and dumps never show it.
///
/// ```swift
/// let ticket = try Ticket(url: URL(string: "myapp://accept?__clerk_ticket=eyJhbGciOi…")!)
/// ```
public struct Ticket: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What the link says the ticket is for (`__clerk_status`), when it says.
    public enum Purpose: String, Sendable, Hashable {
        /// The ticket's account exists: sign in.
        case signIn = "sign_in"
        /// No account yet (an invitation): sign up.
        case signUp = "sign_up"
        /// Already used.
        case complete
    }

    /// The ticket itself.
    public let value: SecretString
    /// What the link says it is for; nil when given without a link.
    public let purpose: Purpose?

    /// A ticket the app already holds (e.g. a sign-in token from its backend).
    /// - Throws: `ClerkError.invalidInput` (field `ticket`) for an empty ticket.
    public init(_ value: SecretString, purpose: Purpose? = nil) throws(ClerkError) {
        guard !value.revealed.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .invalidInput(InvalidInput(field: "ticket", reason: "the ticket is empty"))
        }
        self.value = value
        self.purpose = purpose
    }

    /// The ticket a link carries in `__clerk_ticket` (an invitation's or a sign-in token's link
    /// that the app received), with the purpose its `__clerk_status` names.
    /// - Throws: `ClerkError.invalidInput` (field `__clerk_ticket`) when the URL carries none.
    public init(url: URL) throws(ClerkError) {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard let value = items.last(where: { $0.name == "__clerk_ticket" })?.value, !value.isEmpty else {
            throw .invalidInput(InvalidInput(field: "__clerk_ticket", reason: "the URL carries no ticket"))
        }
        try self.init(SecretString(value), purpose: items.last { $0.name == "__clerk_status" }?.value.flatMap(Purpose.init))
    }

    /// `Ticket(purpose)`; never the ticket.
    public var description: String { "Ticket(\(purpose?.rawValue ?? "unknown purpose"))" }
    /// The same as `description`.
    public var debugDescription: String { description }
    /// Shows the purpose only.
    public var customMirror: Mirror {
        Mirror(self, children: ["purpose": purpose?.rawValue as Any, "value": Redaction.placeholder], displayStyle: .struct)
    }
}
