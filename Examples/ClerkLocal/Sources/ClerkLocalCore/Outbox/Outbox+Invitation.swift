import Foundation

extension Outbox {
    /// Sends an invitation: the email holds the link that accepts it (`__clerk_ticket`, `__clerk_status`).
    @discardableResult
    package func deliverInvitation(to address: String, link: String, applicationName: String, now: Date) -> OutboxMessage {
        let body = "You have been invited to join \(applicationName). Open \(link) to accept the invitation."
        return record(channel: .email, to: address, purpose: "invitation", code: nil, link: link, body: body, now: now)
    }
}
