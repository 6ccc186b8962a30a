import ClerkLocalCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension OAuthClientService {
    /// `GET userinfo_endpoint` with the code's access token (`Authorization: Bearer`): the claims
    /// the provider answers there, or nil when the call fails (no access token, not 200, not JSON
    /// naming a subject).
    func userinfo(at address: String, accessToken: String?) async -> IdentityTokenClaims? {
        guard let accessToken, !accessToken.isEmpty, let url = URL(string: address) else { return nil }
        var request = URLRequest(url: url)
        request.setValue("Bearer " + accessToken, forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        guard let (data, response) = try? await directory.session.data(for: request),
            (response as? HTTPURLResponse)?.statusCode == 200,
            let claims = try? JSONDecoder().decode(IdentityTokenClaims.self, from: data), claims.sub?.isEmpty == false
        else { return nil }
        return claims
    }
}
