import Foundation

/// `PUT /v1/organizations/{organization_id}/logo`: the logo as a `multipart/form-data` body with
/// one part, `file`, as Clerk's JavaScript and iOS SDKs send it (Clerk's spec describes the body
/// only as bytes). Written by hand: the generator renders form bodies only.
public struct UploadOrganizationLogoRequest: UploadEndpoint, Hashable {
    /// The organization (enveloped in the answer).
    public typealias Response = ClientEnvelope<Organization, ClientResource>
    /// No form body: the bytes are `uploadBody`.
    public typealias Body = EmptyFormBody

    /// The spec's operationId.
    public static let operationID = "updateOrganizationLogo"
    /// `PUT`.
    public static let method = RequestMethod.put
    /// The path with its placeholder.
    public static let pathTemplate = "/v1/organizations/{organization_id}/logo"
    /// The answer is enveloped.
    public static let responseShape = ResponseShape.enveloped
    /// An upload is not repeated on its own.
    public static let isSafeToRetry = false

    /// The organization.
    public var organizationID: String
    /// The session the request acts for.
    public var clerkSessionID: String
    /// The image's bytes.
    public var image: Data
    /// The image's media type, e.g. `image/png`.
    public var mediaType: String
    /// The boundary between the multipart body's parts (a random one by default).
    public var boundary: String
    /// Empty: the bytes are `uploadBody`.
    public var body = EmptyFormBody()

    /// An upload of `image` (of `mediaType`) as the logo of `organizationID`.
    public init(organizationID: String, clerkSessionID: String, image: Data, mediaType: String, boundary: String = "clerk-\(UUID().uuidString)") {
        self.organizationID = organizationID
        self.clerkSessionID = clerkSessionID
        self.image = image
        self.mediaType = mediaType
        self.boundary = boundary
    }

    /// `/v1/organizations/{organization_id}/logo` with the id escaped.
    public var path: String { "/v1/organizations/\(PathSegment.escape(organizationID))/logo" }

    /// `_clerk_session_id`.
    public var queryItems: [FormField] { [FormField("_clerk_session_id", clerkSessionID)] }

    /// `multipart/form-data` with the boundary.
    public var uploadContentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// One part named `file`, with the image's media type.
    public var uploadBody: Data {
        var data = Data("--\(boundary)\r\n".utf8)
        data.append(Data("Content-Disposition: form-data; name=\"file\"; filename=\"logo\"\r\n".utf8))
        data.append(Data("Content-Type: \(mediaType)\r\n\r\n".utf8))
        data.append(image)
        data.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return data
    }
}

extension OrganizationHandle {
    /// Uploads a logo (`PUT /v1/organizations/{organization_id}/logo`, a `multipart/form-data`
    /// body whose `file` part holds the image); `mediaType` is the image's type, e.g. `image/png`.
    /// - Throws: `ClerkError.invalidInput` (field `file`) for an empty image, before any request.
    public func uploadLogo(_ image: Data, mediaType: String) async throws(ClerkError) -> Organization {
        guard !image.isEmpty else { throw .invalidInput(InvalidInput(field: "file", reason: "the image is empty")) }
        let request = UploadOrganizationLogoRequest(organizationID: organizationID, clerkSessionID: sessionID, image: image, mediaType: mediaType)
        return try await account.send(request).response
    }
}
