import Clerk
import Foundation

/// The URL an email link redirects to once it is opened, as the app receives it (a universal
/// link or a custom scheme): `redirect_url` with `__clerk_status` added.
///
/// ```swift
/// let redirect = try EmailLinkRedirect(URL(string: "myapp://verified?__clerk_status=verified")!)
/// ```
public struct EmailLinkRedirect: Sendable, Hashable, CustomStringConvertible {
    /// What opening the link did (`__clerk_status`).
    public enum Status: String, Sendable, Hashable {
        /// The link verified the sign-in or sign-up.
        case verified
        /// The link expired.
        case expired
        /// The verification failed.
        case failed
        /// Opened on another client where the instance requires the same one.
        case clientMismatch = "client_mismatch"
    }

    /// What opening the link did.
    public let status: Status
    /// The session the verification created, when the redirect names it (`__clerk_created_session`).
    public let createdSessionID: String?

    /// Reads `__clerk_status` (and `__clerk_created_session`) from `url`.
    /// - Throws: `ClerkError.invalidInput` (field `__clerk_status`) when the URL carries no status
    ///   or one this SDK does not know.
    public init(_ url: URL) throws(ClerkError) {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let value = items.last { $0.name == "__clerk_status" }?.value
        guard let value, let status = Status(rawValue: value) else {
            throw .invalidInput(
                InvalidInput(
                    field: "__clerk_status",
                    reason: value.map { "unknown status '\($0)'" } ?? "the URL is not an email link redirect (no __clerk_status)"))
        }
        self.status = status
        self.createdSessionID = items.last { $0.name == "__clerk_created_session" }?.value.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The failure the status reports; nil when the link verified.
    public var failure: EmailLinkFailure? {
        switch status {
        case .verified: nil
        case .expired: .expired
        case .failed: .failed
        case .clientMismatch: .clientMismatch
        }
    }

    /// The status, and the created session when there is one.
    public var description: String {
        "EmailLinkRedirect(\(status.rawValue)\(createdSessionID.map { ", session \($0)" } ?? ""))"
    }
}
