import Foundation

extension Outbox {
    /// Confirms that an address joined the waitlist (no link: the invitation, if it comes, has one).
    @discardableResult
    package func deliverWaitlistConfirmation(to address: String, applicationName: String, now: Date) -> OutboxMessage {
        let body = "You joined the waitlist of \(applicationName). We will email you an invitation when access becomes available."
        return record(channel: .email, to: address, purpose: "waitlist_confirmation", code: nil, link: nil, body: body, now: now)
    }
}
