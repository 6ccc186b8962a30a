import Foundation

/// A `multipart/form-data` body holding one file part, as Clerk's image uploads take it.
public struct MultipartFile: Sendable, Hashable {
    /// The part's name (`file` for Clerk's uploads).
    public var name: String
    /// The file name the part gives.
    public var filename: String
    /// The file's media type, e.g. `image/png`.
    public var contentType: String
    /// The file's bytes.
    public var data: Data

    /// A part `name` holding `data` of `contentType`, named `filename`.
    public init(name: String = "file", filename: String, contentType: String, data: Data) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }

    /// The request's `Content-Type` for a body written with `boundary`.
    public static func contentType(boundary: String) -> String { "multipart/form-data; boundary=\(boundary)" }

    /// The whole body: the one part between `boundary` lines.
    public func body(boundary: String) -> Data {
        var body = Data("--\(boundary)\r\n".utf8)
        body.append(Data("Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n".utf8))
        body.append(Data("Content-Type: \(contentType)\r\n\r\n".utf8))
        body.append(data)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return body
    }
}
