import Foundation

extension BackendAPIAccess {
    /// `POST /invitations`: invites `emailAddress`; the email's link leads to `redirectURL`.
    func createInvitation(emailAddress: String, redirectURL: URL) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["email_address": emailAddress, "redirect_url": redirectURL.absoluteString])
        _ = try await send("POST", url.appendingPathComponent("invitations"), body: body)
    }
}
