import ClerkOrganizations

/// Creates an organization (its creator is its admin) and makes it active. A slug another
/// organization has is refused with `form_identifier_exists` on `slug`: ask for another.
public func createOrganization(clerk: ClerkClient, name: String, slug: String?) async throws -> OrganizationHandle {
    let account = try await clerk.account()
    let organization = try await account.createOrganization(name: name, slug: slug)
    try await clerk.setActive(organization: organization.organizationID)
    return organization
}
