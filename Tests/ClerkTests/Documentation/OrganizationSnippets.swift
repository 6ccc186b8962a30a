import ClerkOrganizations

/// Creates an organization, makes it the session's active one and invites a colleague.
func createTeam(clerk: ClerkClient, name: String, colleague: String) async throws -> OrganizationInvitation {
    let account = try await clerk.account()
    let organization = try await account.createOrganization(name: name)
    try await clerk.setActive(organization: organization.organizationID)
    return try await organization.invite(emailAddress: colleague, role: "org:member")
}

/// Reads every membership of the signed-in user, a page at a time.
func allMemberships(clerk: ClerkClient) async throws -> [OrganizationMembership] {
    let account = try await clerk.account()
    var request = PageRequest(limit: 50)
    var memberships: [OrganizationMembership] = []
    while true {
        let page = try await account.organizationMemberships(request)
        memberships += page.items
        guard page.hasMore(after: request), let next = request.next else { return memberships }
        request = next
    }
}

/// Whether the active organization's role lets the user manage invoices (a custom permission), from a fresh session token.
func canManageInvoices(clerk: ClerkClient) async throws -> Bool {
    let token = try await clerk.sessionToken()
    return token.has(permission: "org:invoices:manage")
}

/// Answers the `choose-organization` session task with the first organization, or a new one.
let chooseFirstOrganization = ClosureAnswerProvider { question in
    guard case .chooseOrganization(let memberships) = question else { throw ClerkError.unanswered(question) }
    if let first = memberships.first { return .organization(first.organization.id) }
    return .newOrganization(name: "My team", slug: nil)
}
