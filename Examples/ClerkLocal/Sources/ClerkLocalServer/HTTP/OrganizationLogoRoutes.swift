import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird
import NIOCore

/// `PUT` and `DELETE /v1/organizations/{id}/logo`, and the uploaded logos themselves at the URL an
/// organization's `image_url` names (`GET /images/organizations/{id}/{image_id}`, public as Clerk's
/// image host is).
struct OrganizationLogoRoutes: Sendable {
    let core: ServerCore

    /// Bytes read at most: the 10 MB image and a multipart envelope around it.
    static let maximumBody = ImageUpload.maxBytes + 16 * 1024

    func register(on router: MethodAwareRouter) {
        router.on("/v1/organizations/:organization_id/logo", method: .put) { request, context in
            let meta = RequestReading.meta(request, context)
            do {
                let upload = try await Self.upload(request, context)
                let call = FrontendCall(request: request, context: context, meta: meta, body: upload, core: core)
                let id = try call.parameter("organization_id")
                return try await call.answer(
                    OrganizationRules.self, { try $0.setOrganizationLogo(call.meta, sessionID: call.actingSessionID, id: id, image: upload) }
                ) { answer in
                    try await call.envelope(core.presenter.organization(answer.resource), answer.snapshot)
                }
            } catch let error as FrontendError {
                return WireResponses.error(error, client: nil, clientToken: nil)
            }
        }
        router.on("/v1/organizations/:organization_id/logo", method: .delete) { request, context in
            let meta = RequestReading.meta(request, context)
            let call = FrontendCall(request: request, context: context, meta: meta, body: FormFields(), core: core)
            do {
                let id = try call.parameter("organization_id")
                return try await call.deleted(OrganizationRules.self) { try $0.deleteOrganizationLogo(call.meta, sessionID: call.actingSessionID, id: id) }
            } catch let error as FrontendError {
                return WireResponses.error(error, client: nil, clientToken: nil)
            }
        }
        router.on("/images/organizations/:organization_id/:image_id", method: .get) { _, context in
            let organizationID = context.parameters.get("organization_id") ?? ""
            let imageID = context.parameters.get("image_id") ?? ""
            let image = await core.store.read(OrganizationRules.self) { $0.organizationLogo(organizationID: organizationID, imageID: imageID) }
            guard let image else {
                return WireResponses.error(FrontendError(.imageNotFound), client: nil, clientToken: nil)
            }
            // An image's id changes with every upload: what a URL names never changes.
            return Response(
                status: .ok,
                headers: [.contentType: image.contentType, .cacheControl: "public, max-age=31536000, immutable"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.data)))
        }
    }

    /// The uploaded image: the `file` part of a `multipart/form-data` body, or the whole body sent
    /// as `application/octet-stream` (both as Clerk's spec has them).
    static func upload(_ request: Request, _ context: LocalRequestContext) async throws(FrontendError) -> ImageUpload {
        let contentType = request.headers[.contentType] ?? ""
        do {
            if MultipartReading.boundary(in: contentType) != nil {
                return try await MultipartReading.file(named: "file", request, context, limit: maximumBody)
            }
            if !contentType.isEmpty, MediaType(from: contentType)?.isSameType(as: .applicationBinary) != true {
                try RequestReading.requireContentType(.multipartForm, request)
            }
            let buffer = try await RequestReading.body(request, context, limit: maximumBody)
            return ImageUpload(name: "logo", contentType: "", data: Data(buffer.readableBytesView))
        } catch  where error.code == .requestBodyTooLarge {
            throw FrontendError(.imageTooLarge)
        }
    }
}
