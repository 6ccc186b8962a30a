import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// An instance with two enterprise connections through the built-in provider: Acme's (active, for
/// `acme.test`) and Beta's (disabled, for `beta.test`).
enum EnterpriseSSO {
    static let acme = EnterpriseConnection(id: "ent_acme", name: "Acme SSO", domains: ["acme.test"], oidc: .builtIn)
    static let beta = EnterpriseConnection(id: "ent_beta", name: "Beta SSO", domains: ["beta.test"], active: false, oidc: .builtIn)

    static var settings: InstanceSettings {
        var settings = SettingsPreset.emailPassword.settings
        settings.enterpriseConnections = [acme, beta]
        return settings
    }

    static func address(_ name: String, domain: String = "acme.test") -> String {
        "\(name)-\(UUID().uuidString.prefix(8).lowercased())@\(domain)"
    }

    /// `POST /v1/client/sign_ins {identifier, strategy: enterprise_sso}`.
    static func start(_ device: FAPIClient, _ address: String) async throws -> FAPIClient.Answer {
        try await device.signIn([("identifier", address), ("strategy", "enterprise_sso")])
    }

    /// `prepare_first_factor {strategy: enterprise_sso, redirect_url}`.
    static func prepare(_ device: FAPIClient, _ id: String, redirect: String? = OAuthBrowser.appRedirect) async throws -> FAPIClient.Answer {
        try await device.signInAction(id, "prepare_first_factor", [("strategy", "enterprise_sso")] + (redirect.map { [("redirect_url", $0)] } ?? []))
    }

    /// The whole round trip for `address` on a new client, the person at the provider's page
    /// answering as `provenAs` (the address by default): the client, the sign-in's id, and the
    /// sign-in read again with the callback's nonce.
    static func roundTrip(_ address: String, provenAs: String? = nil, on server: TestServer) async throws -> (FAPIClient, String, FAPIClient.Answer) {
        let device = server.client()
        let started = try await start(device, address)
        #expect(started.status == 200, "\(String(decoding: started.data, as: UTF8.self))")
        let id = try started.signIn.id
        let prepared = try await prepare(device, id)
        #expect(prepared.status == 200, "\(String(decoding: prepared.data, as: UTF8.self))")
        let url = try #require(try prepared.signIn.firstFactorVerification?.externalVerificationRedirectURL)
        let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: provenAs ?? address)
        return (device, id, try await OAuthBrowser.returnToApp(device, id, back: back))
    }
}
