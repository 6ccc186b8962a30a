import ClerkAPI
import ClerkLocalCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `/v1/me`'s profile: deleting the account, its metadata, its profile image and its password, and
/// the images the server serves.
extension FrontendRoutes {
    func registerProfile(on router: MethodAwareRouter) {
        route(DeleteUserRequest.self, on: router) { call in
            try await call.deleted(AccountRules.self) { try $0.deleteOwnAccount(call.meta, sessionID: call.sessionID) }
        }
        route(UpdateUserMetadataRequest.self, on: router) { call in
            try await call.user(AccountRules.self) {
                try $0.mergeUnsafeMetadata(call.meta, sessionID: call.sessionID, patch: call.body.unsafeMetadata)
            }
        }
        route(DeleteProfileImageRequest.self, on: router) { call in
            try await call.deleted(AccountRules.self) { try $0.deleteProfileImage(call.meta, sessionID: call.sessionID) }
        }
        route(RemovePasswordRequest.self, on: router) { call in
            try await call.answer(
                PasswordRules.self, plan: { try $0.planPasswordRemoval(call.meta, sessionID: call.sessionID, currentPassword: call.body.currentPassword) },
                outside: { plan in try await core.hasher.verify(call.body.currentPassword ?? "", against: plan.passwordHash) },
                complete: { rules, plan, matches in
                    // A wrong current password counts towards lockout.
                    guard matches else { throw rules.failedCurrentPassword(userID: plan.userID) }
                    return try rules.completePasswordRemoval(call.meta, sessionID: call.sessionID, plan: plan)
                }, present: call.presentUser)
        }
        router.on("/v1/me/profile_image", method: .post) { request, context in
            do {
                let upload = try await MultipartReading.file(named: "file", request, context, limit: Self.uploadLimit)
                let call = FrontendCall(request: request, context: context, meta: RequestReading.meta(request, context), body: upload, core: core)
                return try await call.answer(AccountRules.self, { try $0.setProfileImage(call.meta, sessionID: call.sessionID, upload) }) { answer in
                    try await call.envelope(core.presenter.image(answer.resource), answer.snapshot)
                }
            } catch let error as FrontendError {
                return WireResponses.error(error, client: nil, clientToken: nil)
            }
        }
        router.get("/images/{image_id}") { _, context in
            let id = try RequestReading.parameter("image_id", context)
            guard let image = await core.store.read(AccountRules.self, { $0.storedImage(id) }) else {
                return WireResponses.error(FrontendError(.imageNotFound), client: nil, clientToken: nil)
            }
            var headers = HTTPFields()
            headers[.contentType] = image.contentType
            headers[.cacheControl] = "no-cache"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.data)))
        }
    }

    /// The largest upload body read: Clerk's image limit and room for the multipart framing, so
    /// that an image just over the limit is refused as `image_too_large`.
    static let uploadLimit = ImageUpload.maxBytes + 64 * 1024
}
