import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The dashboard as its page uses it: GET the page, post its forms with the page's token and the
/// server's own Origin.
struct DashboardBrowser {
    let client: FAPIClient

    init(_ server: TestServer) {
        client = server.client()
        client.origin = server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }

    func page(_ query: String = "") async throws -> String {
        let answer = try await client.send("GET", "/__local/dashboard" + query)
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type")?.hasPrefix("text/html") == true)
        return String(decoding: answer.data, as: UTF8.self)
    }

    /// The token in the page's forms.
    func token() async throws -> String {
        let html = try await page()
        let match = try #require(html.firstMatch(of: /name="token" value="([^"]+)"/))
        return String(match.1)
    }

    @discardableResult
    func post(_ path: String, _ form: [(String, String)] = []) async throws -> FAPIClient.Answer {
        try await client.send("POST", "/__local/dashboard" + path, form: [("token", try await token())] + form)
    }
}

/// An organization as a busy day leaves one, made through the Backend API's rules: a long name,
/// `members` members with long addresses and names (the first an admin), and `invited` pending
/// invitations. Returns its id and the invitations' tickets (which no page may show).
func seedBusyOrganization(_ core: ServerCore, name: String, members: Int, invited: Int) async throws -> (id: String, tickets: [String]) {
    var userIDs: [String] = []
    for index in 0..<members {
        let email = "member.number.\(index).with.a.rather.long.address-\(UUID().uuidString.prefix(8).lowercased())@subdomain.example.com"
        userIDs.append(try await core.admin.seed(SeedUser(emailAddress: email, firstName: "Grace \(index)", lastName: "Hopper-Brewster")).id)
    }
    let creator = userIDs.first
    let organization = try await core.store.perform(OrganizationBackendRules.self) {
        try $0.backendCreateOrganization(BackendOrganizationInput(name: name, createdBy: creator, maxAllowedMemberships: 0))
    }
    let id = organization.record.id
    for userID in userIDs.dropFirst() {
        _ = try await core.store.perform(OrganizationBackendRules.self) { try $0.backendAddMember(id, userID: userID, role: "org:member") }
    }
    var tickets: [String] = []
    for index in 0..<invited {
        let email = "invitee.\(index).with.a.long.address-\(UUID().uuidString.prefix(8).lowercased())@subdomain.example.com"
        let invitation = try await core.store.perform(OrganizationBackendRules.self) {
            try $0.backendInvite(id, BackendOrganizationInvitationInput(emailAddress: email, role: "org:member"))
        }
        let link = try #require(invitation.url.flatMap(URLComponents.init(string:)))
        tickets.append(try #require(link.queryItems?.first { $0.name == "__clerk_ticket" }?.value))
    }
    return (id, tickets)
}
