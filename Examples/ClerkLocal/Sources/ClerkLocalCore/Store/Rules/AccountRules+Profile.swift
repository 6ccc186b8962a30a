import ClerkAPI
import Foundation

/// `DELETE /v1/me`, `PATCH /v1/me/metadata` and `/v1/me/profile_image`. Each refusal changes nothing.
extension AccountRules {
    /// The user deletes themselves where the instance allows it (`actions.delete_self`, otherwise
    /// 403 `user_delete_self_not_enabled`), after a recent verification when the instance asks for
    /// re-verification; their sessions end as a deletion by the backend ends them.
    package mutating func deleteOwnAccount(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        guard settings.actions.deleteSelf else { throw FrontendError(.userDeleteSelfNotEnabled) }
        try requireRecentVerification(context)
        removeUser(context.user.id, endingSessionsAs: .revoked)
        return accountAnswer(DeletedRecord(id: context.user.id, object: "user"), context)
    }

    /// Deep-merges `patch` (a JSON object) into the user's `unsafe_metadata`, as Clerk documents it:
    /// nested objects are merged, a key set to `null` is removed at any level, anything else replaces.
    package mutating func mergeUnsafeMetadata(
        _ meta: RequestMeta, sessionID: String?, patch: JSONValue
    ) throws(FrontendError) -> StoreAnswer<UserRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        guard case .object = patch else {
            throw .invalidFormat("unsafe_metadata", longMessage: "unsafe_metadata must be a JSON object.")
        }
        try MetadataLimits.check(patch, parameter: "unsafe_metadata")
        let merged = MetadataMerge.merge(patch, into: context.user.unsafeMetadata)
        try MetadataLimits.check(merged, parameter: "unsafe_metadata")
        var user = context.user
        user.unsafeMetadata = merged
        store(user)
        return accountAnswer(users[user.id] ?? user, context)
    }

    /// Replaces the user's profile image with `upload` once it passes `ImageUpload`'s checks.
    package mutating func setProfileImage(_ meta: RequestMeta, sessionID: String?, _ upload: ImageUpload) throws(FrontendError) -> StoreAnswer<StoredImage> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        let image = try upload.admit(id: SecureRandom.identifier(prefix: "img"), now: now)
        var user = context.user
        user.profileImage = image
        store(user)
        return accountAnswer(image, context)
    }

    /// Removes the user's profile image; 404 `image_not_found` when they have none.
    package mutating func deleteProfileImage(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        var user = context.user
        guard let image = user.profileImage else { throw FrontendError(.imageNotFound) }
        user.profileImage = nil
        store(user)
        return accountAnswer(DeletedRecord(id: image.id, object: "image"), context)
    }
}

extension InstanceRules {
    /// The stored image `id` (a user's profile image), if any.
    package func storedImage(_ id: String) -> StoredImage? {
        users.values.lazy.compactMap(\.profileImage).first { $0.id == id }
    }
}
