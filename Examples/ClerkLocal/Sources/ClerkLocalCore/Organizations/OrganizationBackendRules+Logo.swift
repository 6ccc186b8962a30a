import ClerkAPI
import Foundation

/// The Backend API's organization logo (`PUT` and `DELETE /organizations/{id}/logo`) and a user's
/// memberships (`GET /users/{id}/organization_memberships`): the secret key acts, no member's
/// permission is needed.
extension OrganizationBackendRules {
    /// Keeps `image` as the logo of organization `id` (or slug), replacing any earlier one. An
    /// `uploaderUserID` must name a user.
    package mutating func backendSetLogo(_ id: String, image: ImageUpload, uploaderUserID: String?) throws(FrontendError) -> OrganizationView {
        var organization = try backendOrganization(id).record
        if let uploaderUserID, users[uploaderUserID] == nil { throw .notFound("UserNotFound", parameter: "uploader_user_id") }
        organization.logo = try image.admit(id: SecureRandom.identifier(prefix: "img"), now: now)
        organization.updatedAt = now
        organizationBook.organizations[organization.id] = organization
        return organizationView(organization)
    }

    /// Removes the logo; the organization shows the default one again. Refused when it has none.
    package mutating func backendDeleteLogo(_ id: String) throws(FrontendError) -> OrganizationView {
        var organization = try backendOrganization(id).record
        guard organization.logo != nil else { throw FrontendError(.imageNotFound) }
        organization.logo = nil
        organization.updatedAt = now
        organizationBook.organizations[organization.id] = organization
        return organizationView(organization)
    }

    /// The user's memberships, oldest first, each with its organization.
    package mutating func backendUserMemberships(userID: String, page: PageRequest) throws(FrontendError) -> ListPage<MembershipView> {
        try requireOrganizationsEnabled()
        guard users[userID] != nil else { throw .notFound("UserNotFound", parameter: "user_id") }
        let listed = page.page(organizationBook.memberships(ofUser: userID))
        return ListPage(items: listed.items.map { membershipView($0) }, total: listed.total)
    }
}
