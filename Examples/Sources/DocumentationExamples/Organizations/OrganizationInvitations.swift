import ClerkOrganizations

/// Invites every address with one role in one request, and answers the pending invitations.
public func inviteMembers(_ emailAddresses: [String], as role: String, to organization: OrganizationHandle) async throws -> [OrganizationInvitation] {
    _ = try await organization.invite(emailAddresses: emailAddresses, role: role)
    return try await organization.pendingInvitations()
}

/// Revokes the pending invitation sent to `emailAddress`, if there is one.
public func revokeInvitation(to emailAddress: String, in organization: OrganizationHandle) async throws -> Bool {
    guard let invitation = try await organization.pendingInvitations().first(where: { $0.emailAddress == emailAddress }) else {
        return false
    }
    try await organization.revokeInvitation(invitation.id)
    return true
}
