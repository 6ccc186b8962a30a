import ClerkOrganizations

/// The organizations a switcher offers: the user's memberships, 20 at a time.
public func organizationChoices(clerk: ClerkClient) async throws -> [OrganizationMembership] {
    let account = try await clerk.account()
    return try await account.organizationMemberships(PageRequest(limit: 20)).items
}

/// Makes `organizationID` the active organization (nil: the personal account) and reads the role
/// the new session token carries; the switch's answer brought the token, so that sends nothing.
public func switchOrganization(clerk: ClerkClient, to organizationID: String?) async throws -> String? {
    try await clerk.setActive(organization: organizationID)
    let token = try await clerk.sessionToken()
    return token.organizationClaims?.role
}
