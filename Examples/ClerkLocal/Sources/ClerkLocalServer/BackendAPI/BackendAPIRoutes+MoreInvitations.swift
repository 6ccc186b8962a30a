import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// The user metadata merge, and the organization invitation calls beyond create, list and revoke.
extension BackendAPIRoutes {
    /// `PATCH /users/{id}/metadata`, `GET /organizations/{id}/invitations/{invitation_id}`,
    /// `POST /organizations/{id}/invitations/bulk`, `GET /organizations/{id}/invitations/pending`
    /// `GET /organization_invitations` and `GET /users/{id}/organization_invitations`.
    func registerMetadataAndInvitationQueries(on api: RouterGroup<LocalRequestContext>) {
        api.patch("users/:user_id/metadata") { request, context in
            try await answer {
                let id = try RequestReading.parameter("user_id", context)
                let body = try await Self.body(BackendMetadataBody.self, keys: BackendMetadataBody.keys, request, context)
                let view = try await core.store.perform(BackendAPIRules.self) {
                    try $0.backendMergeUserMetadata(
                        id: id, publicMetadata: body.publicMetadata, privateMetadata: body.privateMetadata, unsafeMetadata: body.unsafeMetadata)
                }
                return BackendPresenter(settings: core.settings, now: core.now()).user(view.user, lastActiveAt: view.lastActiveAt)
            }
        }
        api.get("organizations/:organization_id/invitations/pending") { request, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                let page = try Self.pageRequest(request)
                let found = try await core.store.perform(OrganizationBackendRules.self) { try $0.backendInvitations(id, statuses: ["pending"], page: page) }
                let presenter = invitationPresenter
                return BackendPresenter.page(found.items.map { presenter.invitation($0) }, total: found.total)
            }
        }
        api.get("organizations/:organization_id/invitations/:invitation_id") { _, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                let invitationID = try RequestReading.parameter("invitation_id", context)
                return invitationPresenter.invitation(
                    try await core.store.perform(OrganizationBackendRules.self) { try $0.backendInvitation(id, invitationID: invitationID) })
            }
        }
        api.post("organizations/:organization_id/invitations/bulk") { request, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                let inputs = try await Self.invitationList(request, context)
                let views = try await core.store.perform(OrganizationBackendRules.self) { try $0.backendBulkInvite(id, inputs) }
                let presenter = invitationPresenter
                return BackendPresenter.page(views.map { presenter.invitation($0) }, total: views.count)
            }
        }
        api.get("organization_invitations") { request, _ in
            try await answer {
                let page = try Self.pageRequest(request)
                let query = request.uri.queryParameters
                let statuses = query.getAll("status").map { String($0) }
                let found = try await core.store.read(OrganizationBackendRules.self) { [search = query.get("query"), orderBy = query.get("order_by")] in
                    try $0.backendInstanceInvitations(statuses: statuses, query: search, orderBy: orderBy, page: page)
                }
                let presenter = invitationPresenter
                return BackendPresenter.page(found.items.map { presenter.invitationWithOrganization($0) }, total: found.total)
            }
        }
        registerUserInvitations(on: api)
    }

    private func registerUserInvitations(on api: RouterGroup<LocalRequestContext>) {
        api.get("users/:user_id/organization_invitations") { request, context in
            try await answer {
                let id = try RequestReading.parameter("user_id", context)
                let page = try Self.pageRequest(request)
                let statuses = request.uri.queryParameters.getAll("status").map { String($0) }
                let found = try await core.store.read(OrganizationBackendRules.self) {
                    try $0.backendUserInvitations(userID: id, statuses: statuses, page: page)
                }
                let presenter = invitationPresenter
                return BackendPresenter.page(found.items.map { presenter.invitationWithOrganization($0) }, total: found.total)
            }
        }
    }

    private var invitationPresenter: BackendPresenter { BackendPresenter(settings: core.settings, now: core.now(), baseURL: core.baseURL) }

    /// The bulk body: a JSON array of invitation objects, each naming only the keys one invitation takes.
    static func invitationList(_ request: Request, _ context: LocalRequestContext) async throws(FrontendError) -> [BackendOrganizationInvitationInput] {
        let buffer = try await RequestReading.body(request, context)
        try RequestReading.requireContentType(.applicationJson, request)
        let data = Data(buffer.readableBytesView)
        guard case .array(let items)? = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw .invalidBody("The body must be a JSON array of invitations sent as application/json.")
        }
        for item in items {
            guard case .object(let object) = item else { throw .invalidBody("Each invitation must be a JSON object.") }
            if let unknown = object.keys.sorted().first(where: { !BackendOrganizationInvitationBody.keys.contains($0) }) {
                throw .unknownParameter(unknown)
            }
        }
        do {
            return try JSONDecoder().decode([BackendOrganizationInvitationBody].self, from: data).map(\.input)
        } catch {
            throw .invalidBody("An invitation has a value of the wrong type.")
        }
    }
}

/// `PATCH /users/{id}/metadata`: the three metadata objects, each optional.
struct BackendMetadataBody: Decodable {
    static let keys: Set<String> = ["public_metadata", "private_metadata", "unsafe_metadata"]
    var publicMetadata: JSONValue?
    var privateMetadata: JSONValue?
    var unsafeMetadata: JSONValue?

    enum CodingKeys: String, CodingKey {
        case publicMetadata = "public_metadata"
        case privateMetadata = "private_metadata"
        case unsafeMetadata = "unsafe_metadata"
    }
}
