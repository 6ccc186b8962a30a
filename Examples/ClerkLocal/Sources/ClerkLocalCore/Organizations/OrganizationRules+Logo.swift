import ClerkAPI
import Foundation

/// `PUT` and `DELETE /v1/organizations/{id}/logo`, with `org:sys_profile:manage`.
extension OrganizationRules {
    /// Keeps `image` as the organization's logo, replacing any earlier one.
    package mutating func setOrganizationLogo(
        _ meta: RequestMeta, sessionID: String?, id: String, image: ImageUpload
    ) throws(FrontendError) -> StoreAnswer<OrganizationView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        var (organization, _) = try membership(of: caller, in: id, needs: "org:sys_profile:manage")
        organization.logo = try image.admit(id: SecureRandom.identifier(prefix: "img"), now: now)
        organization.updatedAt = now
        organizationBook.organizations[organization.id] = organization
        return answer(organizationView(organization), caller)
    }

    /// Removes the logo; the organization shows the default one again. Answers the removed image.
    package mutating func deleteOrganizationLogo(
        _ meta: RequestMeta, sessionID: String?, id: String
    ) throws(FrontendError) -> StoreAnswer<DeletedResource> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        var (organization, _) = try membership(of: caller, in: id, needs: "org:sys_profile:manage")
        guard let logo = organization.logo else { throw FrontendError(.imageNotFound) }
        organization.logo = nil
        organization.updatedAt = now
        organizationBook.organizations[organization.id] = organization
        return answer(DeletedResource(object: "image", id: logo.id), caller)
    }

    /// The logo `imageID` of organization `id`, for serving it: nil once replaced or removed.
    package func organizationLogo(organizationID: String, imageID: String) -> StoredImage? {
        guard let logo = organizationBook.organizations[organizationID]?.logo, logo.id == imageID else { return nil }
        return logo
    }
}
