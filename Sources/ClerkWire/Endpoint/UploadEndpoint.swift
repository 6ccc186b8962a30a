import Foundation

/// An endpoint whose body is not a form but bytes of its own content type, such as a
/// `multipart/form-data` file upload. Its `body` is then empty and not sent.
public protocol UploadEndpoint: APIEndpoint {
    /// The body's `Content-Type` (with its boundary for a multipart body).
    var uploadContentType: String { get }
    /// The body's bytes.
    var uploadBody: Data { get }
}
