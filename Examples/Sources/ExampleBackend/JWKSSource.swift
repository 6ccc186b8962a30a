import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the verifier reads the JWKS document from.
public protocol JWKSSource: Sendable {
    func fetchJWKS() async throws -> Data
}

/// The JWKS of a Frontend API, over HTTP: `{frontendAPI}/.well-known/jwks.json`.
public struct HTTPJWKSSource: JWKSSource {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// The JWKS of the Frontend API at `frontendAPI`.
    public init(frontendAPI: URL) {
        self.init(url: frontendAPI.appendingPathComponent(".well-known/jwks.json"))
    }

    public struct FetchError: Error, CustomStringConvertible {
        public var description: String
    }

    public func fetchJWKS() async throws -> Data {
        let (data, response) = try await URLSession.shared.data(from: url)
        guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
            throw FetchError(description: "GET \(url.absoluteString) did not answer 200")
        }
        return data
    }
}

/// A JWKS document held in memory (tests, or keys configured by hand).
public struct StaticJWKSSource: JWKSSource {
    public let document: Data

    public init(document: Data) {
        self.document = document
    }

    public func fetchJWKS() async throws -> Data { document }
}
