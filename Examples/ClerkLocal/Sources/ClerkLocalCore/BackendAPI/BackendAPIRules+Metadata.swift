import ClerkAPI
import Foundation

extension BackendAPIRules {
    /// `PATCH /users/{id}/metadata`: each of `public_metadata`, `private_metadata` and
    /// `unsafe_metadata` sent is deep-merged into the user's (a null removes its key). Every value is
    /// checked before anything changes.
    package mutating func backendMergeUserMetadata(
        id: String, publicMetadata: JSONValue?, privateMetadata: JSONValue?, unsafeMetadata: JSONValue?
    ) throws(FrontendError) -> BackendUserView {
        guard var user = users[id] else { throw .notFound("UserNotFound") }
        let publicPatch = try Self.metadata(publicMetadata, "public_metadata")
        let privatePatch = try Self.metadata(privateMetadata, "private_metadata")
        let unsafePatch = try Self.metadata(unsafeMetadata, "unsafe_metadata")
        let empty = JSONValue.object([:])
        let merged = (
            public: publicPatch.map { Self.merge(user.publicMetadata ?? empty, $0) },
            private: privatePatch.map { Self.merge(user.privateMetadata ?? empty, $0) },
            unsafe: unsafePatch.map { Self.merge(user.unsafeMetadata, $0) }
        )
        for (value, parameter) in [(merged.public, "public_metadata"), (merged.private, "private_metadata"), (merged.unsafe, "unsafe_metadata")] {
            if let value { try MetadataLimits.check(value, parameter: parameter) }
        }
        if let value = merged.public { user.publicMetadata = value }
        if let value = merged.private { user.privateMetadata = value }
        if let value = merged.unsafe { user.unsafeMetadata = value }
        user.updatedAt = now
        store(user)
        return backendView(users[id] ?? user)
    }
}
