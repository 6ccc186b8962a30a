/// One entry of Clerk's error catalogue. A code can have several entries (variants) that
/// differ in HTTP status or message, for example `resource_not_found` for each resource.
public struct ErrorCodeVariant: Sendable, Hashable {
    /// The catalogue's name of the entry, e.g. `SignInNotFound`.
    public var name: String
    /// The HTTP status the API answers with this entry; nil where the catalogue gives none.
    public var httpStatus: Int?
    /// The catalogue's short message.
    public var shortMessage: String?
    /// The catalogue's long message.
    public var longMessage: String?

    /// A catalogue entry.
    public init(name: String, httpStatus: Int?, shortMessage: String? = nil, longMessage: String? = nil) {
        self.name = name
        self.httpStatus = httpStatus
        self.shortMessage = shortMessage
        self.longMessage = longMessage
    }
}
