import ClerkAPI
import Foundation

/// An uploaded file checked as Clerk's image uploads are: at most 10 MB (`image_too_large`, 413),
/// of a type Clerk takes (PNG, JPEG, GIF, WebP; otherwise `request_body_invalid` "Unsupported image
/// type"), and bytes that are what they claim (otherwise `request_body_invalid` "Image decode error").
package struct ImageUpload: Sendable {
    /// Clerk's limit on an uploaded image.
    package static let maxBytes = 10 * 1024 * 1024

    /// The file name the upload gave.
    package var name: String
    /// The media type the upload declared for the file.
    package var contentType: String
    package var data: Data

    package init(name: String, contentType: String, data: Data) {
        self.name = name
        self.contentType = contentType
        self.data = data
    }

    /// The image to keep, or the refusal naming what is wrong with the upload.
    package func admit(id: String, now: Date) throws(FrontendError) -> StoredImage {
        guard !data.isEmpty else { throw FrontendError(.formParamMissing, variant: "RequestWithoutImage", paramName: "file") }
        guard data.count <= Self.maxBytes else { throw FrontendError(.imageTooLarge) }
        let declared = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        // Raw bytes (`application/octet-stream`, or no type) are recognised by their signature.
        let untyped = declared.isEmpty || declared == "application/octet-stream"
        guard let format = Self.formats.first(where: { untyped ? $0.matches(data) : $0.mediaTypes.contains(declared) }) else {
            if untyped { throw FrontendError(.requestBodyInvalid, variant: "ImageDecodingFailed", paramName: "file") }
            let type = declared.split(separator: "/").last.map(String.init) ?? ""
            var error = FrontendError(.requestBodyInvalid, variant: "ImageTypeNotSupported", paramName: "file")
            error.longMessage = error.longMessage.replacingOccurrences(of: "<imageType>", with: type.isEmpty ? "untyped" : type)
            throw error
        }
        guard format.matches(data) else { throw FrontendError(.requestBodyInvalid, variant: "ImageDecodingFailed", paramName: "file") }
        return StoredImage(id: id, name: name, contentType: format.mediaTypes[0], data: data, createdAt: now)
    }

    /// An image format: its media types (the canonical one first) and the bytes its files start with.
    struct Format: Sendable {
        var mediaTypes: [String]
        var matches: @Sendable (Data) -> Bool
    }

    static let formats: [Format] = [
        Format(mediaTypes: ["image/png"]) { $0.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) },
        Format(mediaTypes: ["image/jpeg", "image/jpg"]) { $0.starts(with: [0xFF, 0xD8, 0xFF]) },
        Format(mediaTypes: ["image/gif"]) { $0.starts(with: Array("GIF87a".utf8)) || $0.starts(with: Array("GIF89a".utf8)) },
        Format(mediaTypes: ["image/webp"]) {
            $0.count >= 12 && $0.prefix(4).elementsEqual("RIFF".utf8) && $0.dropFirst(8).prefix(4).elementsEqual("WEBP".utf8)
        },
    ]
}
