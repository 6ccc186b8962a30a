import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

extension BackendAPIRoutes {
    /// `PUT` and `DELETE /organizations/{id}/logo` (a `multipart/form-data` `file`, and optionally
    /// `uploader_user_id`) and `GET /users/{id}/organization_memberships` (`limit`, `offset`).
    func registerOrganizationLogo(on api: RouterGroup<LocalRequestContext>) {
        api.put("organizations/:organization_id/logo") { request, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                let (image, uploader) = try await Self.logoUpload(request, context)
                let view = try await core.store.perform(OrganizationBackendRules.self) {
                    try $0.backendSetLogo(id, image: image, uploaderUserID: uploader)
                }
                return presenter.organization(view)
            }
        }
        api.delete("organizations/:organization_id/logo") { _, context in
            try await answer {
                let id = try RequestReading.parameter("organization_id", context)
                return presenter.organization(try await core.store.perform(OrganizationBackendRules.self) { try $0.backendDeleteLogo(id) })
            }
        }
        api.get("users/:user_id/organization_memberships") { request, context in
            try await answer {
                let id = try RequestReading.parameter("user_id", context)
                let page = try Self.pageRequest(request)
                let found = try await core.store.perform(OrganizationBackendRules.self) { try $0.backendUserMemberships(userID: id, page: page) }
                let presenter = self.presenter
                return BackendPresenter.page(found.items.map { presenter.membership($0) }, total: found.total)
            }
        }
    }

    /// The `file` part and the `uploader_user_id` field; a body past the image limit is Clerk's `image_too_large`.
    static func logoUpload(_ request: Request, _ context: LocalRequestContext) async throws(FrontendError) -> (ImageUpload, String?) {
        do throws(FrontendError) {
            let parts = try await MultipartReading.parts(request, context, limit: OrganizationLogoRoutes.maximumBody)
            let file = try MultipartReading.file(named: "file", in: parts)
            if let unknown = parts.compactMap(\.name).first(where: { $0 != "file" && $0 != "uploader_user_id" }) {
                throw FrontendError.unknownParameter(unknown)
            }
            let uploader = parts.first { $0.name == "uploader_user_id" }.map { String(decoding: $0.data, as: UTF8.self) }
            return (file, uploader?.isEmpty == false ? uploader : nil)
        } catch  where error.code == .requestBodyTooLarge {
            throw FrontendError(.imageTooLarge)
        }
    }
}
