extension InstanceRules {
    /// The id of the organization a session may make active: nil for an empty value (the personal
    /// account), else an organization the user is a member of, named by id, or by slug too when
    /// `slugAllowed` (Clerk's touch takes either; a token request takes the id). Refused (changing nothing) when organizations are off, the organization does
    /// not exist, or the user is not a member.
    func activeOrganizationChoice(
        _ idOrSlug: String, userID: String, parameter: String, slugAllowed: Bool = false
    ) throws(FrontendError) -> String? {
        guard !idOrSlug.isEmpty else { return nil }
        try requireOrganizationsEnabled()
        guard let id = (organizationBook.organizations[idOrSlug] ?? (slugAllowed ? organizationBook.organization(slug: idOrSlug) : nil))?.id else {
            throw FrontendError(.resourceNotFound, variant: "OrganizationNotFound", paramName: parameter)
        }
        guard organizationBook.membership(organizationID: id, userID: userID) != nil else {
            throw FrontendError(.notAMemberInOrganization, paramName: parameter)
        }
        return id
    }
}
