import ClerkLocalServer
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ExampleApp {
    /// What Sign in with Apple (or Google) hands the app on the device: an ID token for `persona`,
    /// here minted by clerk-local's test provider (the embedded server's own, or
    /// `POST /__local/identity_providers/{provider}/tokens` of a separately started clerk-local on
    /// loopback). Not a request of the flow: the provider's SDK would give it.
    public func identityToken(_ provider: IdentityTokenProvider, for persona: Persona, subject: String) async throws -> String {
        guard let email = person(persona).emailAddress else { throw ExampleFailure("\(persona.name) has no email address") }
        let identity = TestIdentity(emailAddress: email, subject: subject, givenName: persona.firstName, familyName: persona.lastName)
        transcript.write(.note, "\(provider.rawValue)'s test provider gives \(persona.name)'s device an ID token (not counted)")
        if let server { return try await server.mintIdentityToken(provider, for: identity) }
        var request = URLRequest(url: configuration.frontendAPIURL.appendingPathComponent("__local/identity_providers/\(provider.rawValue)/tokens"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(identity)
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let token = object["token"] as? String
        else {
            throw ExampleFailure(
                "the instance minted no \(provider.rawValue) test token (a clerk-local with the social preset is needed): "
                    + String(decoding: data.prefix(300), as: UTF8.self))
        }
        return token
    }
}
