/// Why an email link did not verify a sign-in, a sign-up or Client Trust.
///
/// The first three come from the `__clerk_status` of the redirect URL or from the verification's
/// status as the API reports it; `notOpened` is the SDK's own, when waiting ends without the link
/// being opened.
public enum EmailLinkFailure: String, Sendable, Hashable, CustomStringConvertible {
    /// The link (or its verification) expired before it was opened: send a new one.
    case expired
    /// The verification failed (the link was refused, e.g. used already).
    case failed
    /// The link was opened on another client while the instance requires the same one
    /// (`__clerk_status=client_mismatch`).
    case clientMismatch = "client_mismatch"
    /// The link was not opened within the wait's bound (`LinkPolling.timeout`).
    case notOpened = "not_opened"

    /// What happened, in a phrase.
    public var description: String {
        switch self {
        case .expired: "the link expired; ask for a new one"
        case .failed: "the verification failed"
        case .clientMismatch: "the link was opened on another device, and this instance requires the same one"
        case .notOpened: "the link was not opened in time"
        }
    }
}
