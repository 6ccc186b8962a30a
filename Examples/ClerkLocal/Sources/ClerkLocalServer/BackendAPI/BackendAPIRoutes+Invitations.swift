import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

extension BackendAPIRoutes {
    /// `POST /invitations`, `GET /invitations` (`status`, `query`, `order_by`, `limit`, `offset`,
    /// `paginated`) and `POST /invitations/{id}/revoke`.
    func registerInvitations(on api: RouterGroup<LocalRequestContext>) {
        api.post("invitations") { request, context in
            try await answer {
                let input = try await Self.body(BackendCreateInvitation.self, keys: BackendCreateInvitation.keys, request, context)
                let issued = try await core.store.perform(BackendAPIRules.self) { try $0.createInvitation(input) }
                return BackendPresenter(settings: core.settings, now: core.now()).invitation(issued.record, url: issued.url)
            }
        }
        api.get("invitations") { request, _ in
            try await answer {
                let parameters = request.uri.queryParameters
                let status = try parameters.get("status").map { text throws(FrontendError) in
                    guard let status = InvitationRecord.Status(rawValue: text) else { throw .invalidValue("status", text) }
                    return status
                }
                let query = try BackendInvitationQuery(
                    status: status, query: parameters.get("query"), orderBy: parameters.get("order_by"),
                    limit: try BackendUserQuery.integer(parameters.get("limit"), "limit", default: 10, in: 1...500),
                    offset: try BackendUserQuery.integer(parameters.get("offset"), "offset", default: 0, in: 0...Int.max))
                let found = await core.store.read(BackendAPIRules.self) { $0.listInvitations(query) }
                let presenter = BackendPresenter(settings: core.settings, now: core.now())
                let page = JSONValue.array(found.page.map { presenter.invitation($0) })
                guard parameters.get("paginated") == "true" else { return page }
                return .object(["data": page, "total_count": .integer(Int64(found.total))])
            }
        }
        api.post("invitations/:invitation_id/revoke") { _, context in
            try await answer {
                let id = try RequestReading.parameter("invitation_id", context)
                let revoked = try await core.store.perform(BackendAPIRules.self) { try $0.revokeInvitation(id: id) }
                return BackendPresenter(settings: core.settings, now: core.now()).invitation(revoked.record)
            }
        }
    }
}
