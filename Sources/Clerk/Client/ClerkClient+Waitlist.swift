import ClerkAPI
import Foundation

/// The waitlist of an instance whose sign-up mode is `waitlist`: sign-ups are refused
/// (``FlowError/signUpsFromWaitlistOnly(_:)``) until the backend invites an address from the list.
extension ClerkClient {
    /// Puts `emailAddress` on the instance's waitlist (`POST /v1/waitlist`) and returns its entry.
    ///
    /// An address already on the list answers its existing entry, so the call is safe to repeat (it is
    /// retried like a read). The request changes nothing on the client: no sign-up or session starts.
    /// When the backend invites the entry, the invitation's email carries a ticket that signs up.
    ///
    /// - Throws: `ClerkError.invalidInput` for an empty address, before any request;
    ///   `waitlist_not_accepting_entries` (403) when the instance's sign-up mode is not `waitlist`;
    ///   `form_param_format_invalid` (422) for an address that is not one.
    @discardableResult
    public func joinWaitlist(emailAddress: String) async throws(ClerkError) -> WaitlistEntry {
        let address = emailAddress.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else { throw .invalidInput(InvalidInput(field: "email_address", reason: "is empty")) }
        return try await send(JoinWaitlistRequest(body: .init(emailAddress: address)))
    }
}
