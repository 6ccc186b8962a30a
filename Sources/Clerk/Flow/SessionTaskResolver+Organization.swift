extension SessionTaskResolver {
    /// The `choose-organization` task: the user picks one of their organizations or names a new
    /// one (`POST /v1/organizations`), which becomes the session's active organization
    /// (`POST /v1/client/sessions/{id}/touch {active_organization_id, intent: select_org}`).
    /// - Returns: false when the user asked to start over.
    func chooseOrganization(_ account: AccountHandle, for session: Session) async throws(ClerkError) -> Bool {
        let question = FlowQuestion.chooseOrganization(memberships: session.user?.organizationMemberships ?? [])
        let organizationID: String
        switch try await driver.ask(question) {
        case .organization(let id) where !id.isEmpty:
            organizationID = id
        case .newOrganization(let name, let slug) where !name.isEmpty:
            let body = CreateOrganizationRequest.Body(name: name, slug: slug)
            organizationID = try await account.send(CreateOrganizationRequest(clerkSessionID: account.sessionID, body: body)).response.id
        case .startOver:
            return false
        case let other:
            throw driver.unexpected(other, for: question)
        }
        let body = TouchSessionRequest.Body(activeOrganizationID: organizationID, intent: "select_org")
        _ = try await driver.client.send(TouchSessionRequest(sessionID: session.id, body: body))
        return true
    }
}
