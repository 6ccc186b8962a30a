import ClerkOrganizations

/// Accepts every pending invitation the signed-in user received; answers the organizations joined.
public func acceptInvitations(clerk: ClerkClient) async throws -> [String] {
    let account = try await clerk.account()
    var joined: [String] = []
    for invitation in try await account.organizationInvitations(status: .pending).items {
        try await account.acceptOrganizationInvitation(invitation.id)
        if let organization = invitation.publicOrganizationData { joined.append(organization.name) }
    }
    return joined
}
