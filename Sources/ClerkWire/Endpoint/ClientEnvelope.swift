/// The envelope of mutations and `GET /v1/client`: the resource under `response` and the
/// client's new state under `client`, or under `meta.client` in some answers.
public struct ClientEnvelope<Resource: Codable & Sendable & Hashable, ClientPayload: Codable & Sendable & Hashable>:
    Codable, Sendable, Hashable
{
    /// The resource the request is about.
    public var response: Resource
    /// The client as the answer describes it (nil when the answer carries none).
    public var client: ClientPayload?

    /// An envelope of `response` and `client`.
    public init(response: Resource, client: ClientPayload?) {
        self.response = response
        self.client = client
    }

    private enum CodingKeys: String, CodingKey {
        case response, client, meta
    }

    private enum MetaKeys: String, CodingKey {
        case client
    }

    /// Decodes `{response, client}`, or the client from `meta.client`; no client decodes as nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if !container.contains(.response), let absent = (Resource.self as? any NilRepresentable.Type)?.nilValue as? Resource {
            response = absent
        } else {
            response = try container.decode(Resource.self, forKey: .response)
        }
        if let client = try container.decodeIfPresent(ClientPayload.self, forKey: .client) {
            self.client = client
        } else if container.contains(.meta), try !container.decodeNil(forKey: .meta) {
            let meta = try container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
            client = try meta.decodeIfPresent(ClientPayload.self, forKey: .client)
        } else {
            client = nil
        }
    }

    /// Encodes `{response, client}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(response, forKey: .response)
        try container.encode(client, forKey: .client)
    }
}

/// Lets the envelope treat an absent `response` as null when the response type is optional.
protocol NilRepresentable {
    static var nilValue: Self { get }
}

extension Optional: NilRepresentable {
    static var nilValue: Self { nil }
}
