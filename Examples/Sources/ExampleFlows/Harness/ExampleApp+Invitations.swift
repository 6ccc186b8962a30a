import ClerkLocalServer
import Foundation

extension ExampleApp {
    /// What the app's backend does to invite someone: creates an invitation through the Backend API
    /// (the embedded server's own, or the separately started instance's with `--secret-key`), which
    /// emails them a link to `redirectURL` carrying the ticket.
    public func invite(_ emailAddress: String, redirectURL: URL) async throws {
        let access = try backendAccess(purpose: "create an invitation, as a backend does")
        transcript.write(.note, "the app's backend invites \(emailAddress) (Backend API, not counted)")
        try await access.createInvitation(emailAddress: emailAddress, redirectURL: redirectURL)
    }

    /// The link in the latest email to `emailAddress`, as the person taps it and the system hands it
    /// to the app: read from clerk-local's outbox (the embedded server's, or a separately started
    /// one's over HTTP).
    public func receivedLink(to emailAddress: String) async throws -> URL {
        let inbox: any Inbox =
            if let server {
                ServerOutbox(server: server)
            } else if ["127.0.0.1", "localhost", "::1"].contains(configuration.frontendAPIURL.host ?? "") {
                HTTPOutbox(baseURL: configuration.frontendAPIURL)
            } else {
                throw ExampleFailure("no inbox to read the email to \(emailAddress) from: this flow reads clerk-local's outbox")
            }
        guard let delivery = await inbox.latest(to: emailAddress), let link = delivery.link.flatMap(URL.init(string:)) else {
            throw ExampleFailure("no email with a link arrived for \(emailAddress)")
        }
        transcript.write(.delivery, "\(delivery.summary): the link opens the app")
        return link
    }
}
