import Foundation

/// `POST /v1/me/profile_image`: the image as a `multipart/form-data` body with one part, `file`,
/// as Clerk's spec describes it. Written by hand: the generator renders form bodies only.
public struct UpdateProfileImageRequest: UploadEndpoint, Hashable {
    /// The uploaded image (enveloped in the answer).
    public typealias Response = ClientEnvelope<UploadedImage, ClientResource>
    /// No form body: the bytes are `uploadBody`.
    public typealias Body = EmptyFormBody

    /// The spec's operationId.
    public static let operationID = "updateProfileImage"
    /// `POST`.
    public static let method = RequestMethod.post
    /// The path.
    public static let pathTemplate = "/v1/me/profile_image"
    /// The answer is enveloped.
    public static let responseShape = ResponseShape.enveloped
    /// An upload is not repeated on its own.
    public static let isSafeToRetry = false

    /// The session the request acts for.
    public var clerkSessionID: String
    /// The image's bytes.
    public var image: Data
    /// The image's media type, e.g. `image/png`.
    public var contentType: String
    /// The boundary between the multipart body's parts (a random one by default).
    public var boundary: String
    /// Empty: the bytes are `uploadBody`.
    public var body = EmptyFormBody()

    /// An upload of `image` (of `contentType`) as the profile image of the session's user.
    public init(clerkSessionID: String, image: Data, contentType: String, boundary: String = "clerk-\(UUID().uuidString)") {
        self.clerkSessionID = clerkSessionID
        self.image = image
        self.contentType = contentType
        self.boundary = boundary
    }

    /// `/v1/me/profile_image`.
    public var path: String { Self.pathTemplate }

    /// `_clerk_session_id`.
    public var queryItems: [FormField] { [FormField("_clerk_session_id", clerkSessionID)] }

    /// `multipart/form-data` with the boundary.
    public var uploadContentType: String { MultipartFile.contentType(boundary: boundary) }

    /// One part named `file`, with the image's media type.
    public var uploadBody: Data {
        MultipartFile(filename: "profile", contentType: contentType, data: image).body(boundary: boundary)
    }
}
