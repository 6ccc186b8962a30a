import Foundation

extension AccountHandle {
    /// Merges `patch` into the user's `unsafe_metadata` (`PATCH /v1/me/metadata {unsafe_metadata}`):
    /// nested objects are merged, and a key set to `null` is removed, at any level.
    /// - Throws: `ClerkError.invalidInput` (field `unsafe_metadata`) before any request when
    ///   `patch` is not a JSON object.
    public func updateMetadata(_ patch: JSONValue) async throws(ClerkError) -> User {
        guard case .object = patch else {
            throw .invalidInput(InvalidInput(field: "unsafe_metadata", reason: "the patch must be a JSON object"))
        }
        let body = UpdateUserMetadataRequest.Body(unsafeMetadata: patch)
        return try await send(UpdateUserMetadataRequest(clerkSessionID: sessionID, body: body)).response
    }

    /// Sets the user's profile image (`POST /v1/me/profile_image`, a `multipart/form-data` body
    /// whose `file` part holds the image); `contentType` is its media type, e.g. `image/png`.
    /// Read the user again for its `imageURL` and `hasImage`.
    /// - Throws: `ClerkError.invalidInput` (field `file`) for an empty image, before any request;
    ///   `image_too_large` (413) or `request_body_invalid` for an image the server refuses.
    @discardableResult
    public func setProfileImage(_ image: Data, contentType: String) async throws(ClerkError) -> UploadedImage {
        guard !image.isEmpty else { throw .invalidInput(InvalidInput(field: "file", reason: "the image is empty")) }
        return try await send(UpdateProfileImageRequest(clerkSessionID: sessionID, image: image, contentType: contentType)).response
    }

    /// Removes the user's profile image (`DELETE /v1/me/profile_image`).
    @discardableResult
    public func removeProfileImage() async throws(ClerkError) -> DeletedObject {
        try await send(DeleteProfileImageRequest(clerkSessionID: sessionID)).response
    }

    /// Deletes the user (`DELETE /v1/me`), where the instance lets users delete themselves (the
    /// environment's `userSettings.actions.deleteSelf`; otherwise `user_delete_self_not_enabled`).
    /// The user's sessions end: the client no longer lists them afterwards.
    @discardableResult
    public func deleteUser() async throws(ClerkError) -> DeletedObject {
        try await send(DeleteUserRequest(clerkSessionID: sessionID)).response
    }
}
