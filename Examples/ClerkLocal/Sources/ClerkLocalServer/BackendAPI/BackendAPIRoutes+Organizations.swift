import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// The JSON bodies of the Backend API's organization requests.
struct BackendOrganizationBody: Decodable {
    static let keys: Set<String> = [
        "name", "slug", "created_by", "public_metadata", "private_metadata", "max_allowed_memberships", "admin_delete_enabled",
    ]
    var name: String?
    var slug: String?
    var createdBy: String?
    var publicMetadata: JSONValue?
    var privateMetadata: JSONValue?
    var maxAllowedMemberships: Int?
    var adminDeleteEnabled: Bool?

    enum CodingKeys: String, CodingKey {
        case name, slug
        case createdBy = "created_by"
        case publicMetadata = "public_metadata"
        case privateMetadata = "private_metadata"
        case maxAllowedMemberships = "max_allowed_memberships"
        case adminDeleteEnabled = "admin_delete_enabled"
    }

    var input: BackendOrganizationInput {
        BackendOrganizationInput(
            name: name, slug: slug, createdBy: createdBy, publicMetadata: publicMetadata, privateMetadata: privateMetadata,
            maxAllowedMemberships: maxAllowedMemberships, adminDeleteEnabled: adminDeleteEnabled)
    }
}

struct BackendMembershipBody: Decodable {
    static let keys: Set<String> = ["user_id", "role", "public_metadata", "private_metadata"]
    var userID: String?
    var role: String?

    enum CodingKeys: String, CodingKey {
        case role
        case userID = "user_id"
    }
}

struct BackendOrganizationInvitationBody: Decodable {
    static let keys: Set<String> = [
        "email_address", "role", "inviter_user_id", "public_metadata", "private_metadata", "redirect_url", "expires_in_days", "notify",
    ]
    var emailAddress: String?
    var role: String?
    var inviterUserID: String?
    var publicMetadata: JSONValue?
    var privateMetadata: JSONValue?
    var redirectURL: String?
    var expiresInDays: Int?
    var notify: Bool?

    enum CodingKeys: String, CodingKey {
        case role, notify
        case emailAddress = "email_address"
        case inviterUserID = "inviter_user_id"
        case publicMetadata = "public_metadata"
        case privateMetadata = "private_metadata"
        case redirectURL = "redirect_url"
        case expiresInDays = "expires_in_days"
    }

    var input: BackendOrganizationInvitationInput {
        BackendOrganizationInvitationInput(
            emailAddress: emailAddress, role: role, inviterUserID: inviterUserID, publicMetadata: publicMetadata,
            privateMetadata: privateMetadata, redirectURL: redirectURL, expiresInDays: expiresInDays, notify: notify)
    }
}

extension BackendAPIRoutes {
    /// `/organizations` (create, list, get by id or slug, update, delete, metadata) and
    /// `/organizations/{id}/memberships` (create, list, update the role, delete).
    func registerOrganizations(on api: RouterGroup<LocalRequestContext>) {
        api.post("organizations") { request, context in
            try await answer {
                let body = try await Self.body(BackendOrganizationBody.self, keys: BackendOrganizationBody.keys, request, context)
                let view = try await core.store.perform(OrganizationBackendRules.self) { try $0.backendCreateOrganization(body.input) }
                return presenter.organization(view)
            }
        }
        api.get("organizations") { request, _ in
            try await answer {
                let page = try Self.pageRequest(request)
                let query = request.uri.queryParameters.get("query")
                let found = try await core.store.perform(OrganizationBackendRules.self) { try $0.backendOrganizations(query: query, page: page) }
                let presenter = self.presenter
                return BackendPresenter.page(found.items.map { presenter.organization($0) }, total: found.total)
            }
        }
        api.get("organizations/:organization_id") { _, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                return presenter.organization(try await core.store.perform(OrganizationBackendRules.self) { try $0.backendOrganization(id) })
            }
        }
        api.patch("organizations/:organization_id") { request, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                let body = try await Self.body(BackendOrganizationBody.self, keys: BackendOrganizationBody.keys, request, context)
                let view = try await core.store.perform(OrganizationBackendRules.self) { try $0.backendUpdateOrganization(id, body.input) }
                return presenter.organization(view)
            }
        }
        api.patch("organizations/:organization_id/metadata") { request, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                let body = try await Self.body(BackendOrganizationBody.self, keys: ["public_metadata", "private_metadata"], request, context)
                let view = try await core.store.perform(OrganizationBackendRules.self) {
                    try $0.backendMergeOrganizationMetadata(
                        id, publicMetadata: body.publicMetadata, privateMetadata: body.privateMetadata)
                }
                return presenter.organization(view)
            }
        }
        api.delete("organizations/:organization_id") { _, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                return BackendPresenter.deleted(try await core.store.perform(OrganizationBackendRules.self) { try $0.backendDeleteOrganization(id) })
            }
        }
        registerMemberships(on: api)
        registerOrganizationInvitations(on: api)
        registerOrganizationLogo(on: api)
    }

    private func registerOrganizationInvitations(on api: RouterGroup<LocalRequestContext>) {
        api.post("organizations/:organization_id/invitations") { request, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                let body = try await Self.body(BackendOrganizationInvitationBody.self, keys: BackendOrganizationInvitationBody.keys, request, context)
                let view = try await core.store.perform(OrganizationBackendRules.self) { try $0.backendInvite(id, body.input) }
                return presenter.invitation(view)
            }
        }
        api.get("organizations/:organization_id/invitations") { request, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                let page = try Self.pageRequest(request)
                let statuses = request.uri.queryParameters.getAll("status").map { String($0) }
                let found = try await core.store.perform(OrganizationBackendRules.self) {
                    try $0.backendInvitations(id, statuses: statuses, page: page)
                }
                let presenter = self.presenter
                return BackendPresenter.page(found.items.map { presenter.invitation($0) }, total: found.total)
            }
        }
        api.post("organizations/:organization_id/invitations/:invitation_id/revoke") { _, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                let invitationID = try RequestReading.parameter("invitation_id", context)
                let view = try await core.store.perform(OrganizationBackendRules.self) {
                    try $0.backendRevokeInvitation(id, invitationID: invitationID)
                }
                return presenter.invitation(view)
            }
        }
    }

    private func registerMemberships(on api: RouterGroup<LocalRequestContext>) {
        api.post("organizations/:organization_id/memberships") { request, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                let body = try await Self.body(BackendMembershipBody.self, keys: BackendMembershipBody.keys, request, context)
                let view = try await core.store.perform(OrganizationBackendRules.self) {
                    try $0.backendAddMember(id, userID: body.userID, role: body.role)
                }
                return presenter.membership(view)
            }
        }
        api.get("organizations/:organization_id/memberships") { request, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                let page = try Self.pageRequest(request)
                let found = try await core.store.perform(OrganizationBackendRules.self) { try $0.backendMemberships(id, page: page) }
                let presenter = self.presenter
                return BackendPresenter.page(found.items.map { presenter.membership($0) }, total: found.total)
            }
        }
        api.patch("organizations/:organization_id/memberships/:user_id") { request, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                let userID = try RequestReading.parameter("user_id", context)
                let body = try await Self.body(BackendMembershipBody.self, keys: ["role"], request, context)
                let view = try await core.store.perform(OrganizationBackendRules.self) {
                    try $0.backendUpdateMember(id, userID: userID, role: body.role)
                }
                return presenter.membership(view)
            }
        }
        api.delete("organizations/:organization_id/memberships/:user_id") { _, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                let userID = try RequestReading.parameter("user_id", context)
                let view = try await core.store.perform(OrganizationBackendRules.self) { try $0.backendRemoveMember(id, userID: userID) }
                return presenter.membership(view)
            }
        }
    }

    var presenter: BackendPresenter { BackendPresenter(settings: core.settings, now: core.now(), baseURL: core.baseURL) }

    /// `limit` (1 to 500, 10 by default) and `offset`.
    static func pageRequest(_ request: Request) throws(FrontendError) -> PageRequest {
        let parameters = request.uri.queryParameters
        return PageRequest(
            limit: try BackendUserQuery.integer(parameters.get("limit"), "limit", default: 10, in: 1...500),
            offset: try BackendUserQuery.integer(parameters.get("offset"), "offset", default: 0, in: 0...Int.max))
    }
}
