extension InstanceRules {
    /// The organization a session may make active: nil for an empty id (the personal account),
    /// else one the user is a member of. Refused (changing nothing) when organizations are off, the
    /// organization does not exist, or the user is not a member.
    func activeOrganizationChoice(_ id: String, userID: String, parameter: String) throws(FrontendError) -> String? {
        guard !id.isEmpty else { return nil }
        try requireOrganizationsEnabled()
        guard organizationBook.organizations[id] != nil else {
            throw FrontendError(.resourceNotFound, variant: "OrganizationNotFound", paramName: parameter)
        }
        guard organizationBook.membership(organizationID: id, userID: userID) != nil else {
            throw FrontendError(.notAMemberInOrganization, paramName: parameter)
        }
        return id
    }
}
