import ClerkAPI
import Foundation

/// An uploaded image the server keeps and serves: its id (new with every upload, so that its URL
/// changes when the image does), media type and bytes.
package struct StoredImage: Sendable, Codable, Hashable {
    package var id: String
    package var mediaType: String
    @Base64Bytes package var bytes: [UInt8]

    package init(id: String, mediaType: String, bytes: [UInt8]) {
        self.id = id
        self.mediaType = mediaType
        self.bytes = bytes
    }
}

/// An image as a request uploads it, checked as Clerk checks one: at most 10 MB, and PNG, JPEG,
/// GIF or WebP, recognised by its bytes.
package struct ImageUpload: Sendable {
    /// Clerk's limit, in bytes (`image_too_large`: "more than 10MB").
    package static let maximumSize = 10 * 1024 * 1024

    package let mediaType: String
    package let bytes: [UInt8]

    /// - Parameters:
    ///   - declaredType: the media type the request named for the file, if any.
    /// - Throws: `form_param_missing` without bytes, `image_too_large` past the limit,
    ///   `request_body_invalid` for another media type or bytes that are no image.
    package init(bytes: [UInt8]?, declaredType: String?) throws(FrontendError) {
        guard let bytes, !bytes.isEmpty else { throw FrontendError(.formParamMissing, variant: "RequestWithoutImage", paramName: "file") }
        guard bytes.count <= Self.maximumSize else { throw FrontendError(.imageTooLarge) }
        let declared = declaredType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let declared, declared.hasPrefix("image/"), !Self.supportedTypes.contains(declared) {
            let subtype = declared.dropFirst("image/".count)
            throw FrontendError(
                .requestBodyInvalid, variant: "ImageTypeNotSupported",
                longMessage: "'\(subtype)' images are not currently supported. Please consult the API documentation for more information.")
        }
        guard let detected = Self.mediaType(of: bytes) else {
            throw FrontendError(.requestBodyInvalid, variant: "ImageDecodingFailed")
        }
        self.mediaType = detected
        self.bytes = bytes
    }

    static let supportedTypes: Set<String> = ["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp"]

    /// The media type the bytes' signature names, nil when it is none of the supported ones.
    static func mediaType(of bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        return nil
    }
}
