import Foundation

/// An image the emulator keeps and serves at its own address (`GET /images/{id}`), as Clerk serves
/// uploaded images from its image host: a user's profile image, or any other image an endpoint
/// uploads. Made only by `ImageUpload.admit(_:)`, so what is kept is always a readable image.
package struct StoredImage: Sendable, Codable, Hashable {
    /// `img_…`: the last path segment of the image's URL.
    package var id: String
    /// The file name of the upload.
    package var name: String
    /// The media type the bytes were recognised as (`image/png`, …), which the image is served with.
    package var contentType: String
    package var data: Data
    package var createdAt: Date

    package init(id: String, name: String, contentType: String, data: Data, createdAt: Date) {
        self.id = id
        self.name = name
        self.contentType = contentType
        self.data = data
        self.createdAt = createdAt
    }

    /// The path the server serves it at, below the server's URL.
    package var path: String { "/images/\(id)" }
}
