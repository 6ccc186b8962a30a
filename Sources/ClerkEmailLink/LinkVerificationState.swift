import Clerk

/// Where a verification by link stands, as a poll reads it.
enum LinkVerificationState: Sendable, Equatable {
    /// Not opened yet.
    case pending
    /// Opened: the flow goes on.
    case opened
    /// It will not verify.
    case failed(EmailLinkFailure)

    /// The state of `verification`, given that its attempt no longer waits when `moved` (the
    /// sign-in or sign-up's status changed since the link was sent).
    init(_ verification: Verification?, moved: Bool) {
        switch verification?.status {
        case .verified?, .transferable?: self = .opened
        case .expired?: self = .failed(.expired)
        case .failed?: self = .failed(.failed)
        default: self = moved ? .opened : .pending
        }
    }
}
