import Foundation

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension TestServer {
    /// A Backend API call under `/bapi/v1`, with the server's secret key unless `key` says otherwise
    /// (`.some(nil)`: no `Authorization` at all).
    func backend(_ method: String, _ path: String, json: [String: Any]? = nil, key: String?? = .none) async throws -> FAPIClient.Answer {
        let client = client()
        let presented = key ?? core.backendSecretKey
        client.token = presented.map { "Bearer " + $0 }
        let body = try json.map { try JSONSerialization.data(withJSONObject: $0) }
        return try await client.send(method, "/bapi/v1" + path, rawBody: body, contentType: body == nil ? nil : "application/json")
    }

    /// A Backend API call with the secret key and a body of `contentType` as it is (a multipart upload).
    func backend(_ method: String, _ path: String, body: Data, contentType: String) async throws -> FAPIClient.Answer {
        let client = client()
        client.token = "Bearer " + core.backendSecretKey
        return try await client.send(method, "/bapi/v1" + path, rawBody: body, contentType: contentType)
    }

}

extension FAPIClient.Answer {
    var jsonArray: [[String: Any]] { (try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? [] }
    var bodyText: String { String(decoding: data, as: UTF8.self) }
}
