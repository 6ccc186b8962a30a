import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Each refusal of an enterprise sign-in changes nothing: no connection for the domain, a disabled
/// connection, a callback whose `state` is not the one the authorization sent, an address outside
/// the connection's domains.
@Suite("Enterprise SSO: refusals")
struct EnterpriseSSORefusalTests {
    @Test(
        "No connection serves the domain, or its connection is disabled: enterprise_sso_sign_in_connection_missing, nothing kept",
        arguments: ["example.com", "beta.test"])
    func noActiveConnection(_ domain: String) async throws {
        try await withServer(EnterpriseSSO.settings) { server in
            let answer = try await EnterpriseSSO.start(server.client(), EnterpriseSSO.address("nobody", domain: domain))
            expectError(answer, status: 422, code: "enterprise_sso_sign_in_connection_missing")
            #expect(await server.stateCounts() == [0, 0, 0, 0])
        }
    }

    @Test("Prepared on a sign-in whose address no active connection serves: refused, the sign-in as it was")
    func prepareWithoutConnection() async throws {
        try await withServer(EnterpriseSSO.settings) { server in
            let address = EnterpriseSSO.address("plain", domain: "example.com")
            _ = try await server.seedUser(SeedUser(emailAddress: address, password: Fixture.password))
            let device = server.client()
            let signIn = try await device.signIn([("identifier", address)]).signIn
            let before = try await OAuthBrowser.observed(server, server.core.store.state.signIns[signIn.id])
            expectError(try await EnterpriseSSO.prepare(device, signIn.id), status: 422, code: "enterprise_sso_sign_in_connection_missing")
            #expect(try await OAuthBrowser.observed(server, server.core.store.state.signIns[signIn.id]) == before)
        }
    }

    @Test("Prepared without redirect_url: refused, the sign-in as it was")
    func prepareWithoutRedirect() async throws {
        try await withServer(EnterpriseSSO.settings) { server in
            let device = server.client()
            let signIn = try await EnterpriseSSO.start(device, EnterpriseSSO.address("noredirect")).signIn
            let before = try await OAuthBrowser.observed(server, server.core.store.state.signIns[signIn.id])
            expectError(try await EnterpriseSSO.prepare(device, signIn.id, redirect: nil), status: 422, code: "form_param_missing")
            #expect(try await OAuthBrowser.observed(server, server.core.store.state.signIns[signIn.id]) == before)
        }
    }

    @Test("A callback with another state: oauth_callback_invalid, the sign-in still waiting for its provider")
    func stateMismatch() async throws {
        try await withServer(EnterpriseSSO.settings, mode: .socket) { server in
            let device = server.client()
            let address = EnterpriseSSO.address("mallory")
            let signIn = try await EnterpriseSSO.start(device, address).signIn
            let url = try #require(try await EnterpriseSSO.prepare(device, signIn.id).signIn.firstFactorVerification?.externalVerificationRedirectURL)
            let callback = try await OAuthBrowser.answer(url, on: server, as: address)
            var components = try #require(URLComponents(string: callback))
            components.queryItems = components.queryItems?.map { $0.name == "state" ? URLQueryItem(name: "state", value: "forged") : $0 }
            let before = try await OAuthBrowser.observed(server, server.core.store.state.signIns[signIn.id])
            let forged = try await server.client().send("GET", try OAuthBrowser.local(try #require(components.string)))
            expectError(forged, status: 400, code: "oauth_callback_invalid")
            #expect(try await OAuthBrowser.observed(server, server.core.store.state.signIns[signIn.id]) == before)
        }
    }

    @Test("The provider proves an address outside the connection's domains: the verification fails, no user made")
    func domainMismatch() async throws {
        try await withServer(EnterpriseSSO.settings, mode: .socket) { server in
            let (_, _, back) = try await EnterpriseSSO.roundTrip(
                EnterpriseSSO.address("eve"), provenAs: EnterpriseSSO.address("eve", domain: "example.com"), on: server)
            let verification = try back.signIn.firstFactorVerification
            #expect(verification?.status == .failed, "\(String(decoding: back.data, as: UTF8.self))")
            #expect(verification?.error?.code == .enterpriseSSOEmailAddressDomainMismatch)
            #expect(await server.stateCounts()[0] == 0)
        }
    }
}
