import Foundation

extension ExampleApp {
    /// What the app's backend reads of the waitlist entry of `emailAddress` (Backend API, not counted).
    public func waitlistEntry(of emailAddress: String) async throws -> BackendWaitlistEntry {
        let access = try backendAccess(purpose: "read and invite waitlist entries, as a backend does")
        guard let entry = try await access.waitlistEntries(query: emailAddress).first(where: { $0.emailAddress == emailAddress }) else {
            throw ExampleFailure("the waitlist has no entry for \(emailAddress)")
        }
        return entry
    }

    /// What the app's backend does to let someone in from the waitlist: invites their entry through the
    /// Backend API, which emails them an invitation whose link carries the ticket that signs up.
    public func inviteFromWaitlist(_ emailAddress: String) async throws {
        let entry = try await waitlistEntry(of: emailAddress)
        transcript.write(.note, "the app's backend invites \(emailAddress)'s waitlist entry \(entry.id) (Backend API, not counted)")
        try await backendAccess(purpose: "read and invite waitlist entries, as a backend does").inviteWaitlistEntry(id: entry.id)
    }
}
