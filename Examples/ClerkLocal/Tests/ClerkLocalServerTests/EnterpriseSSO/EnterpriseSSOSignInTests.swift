import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// A sign-in through an enterprise connection's OpenID Connect provider (the built-in one), over
/// real HTTP: the connection found by the address's domain, the browser round trip of an OAuth
/// sign-in, and the enterprise account on the user.
@Suite("Enterprise SSO: sign-in through a connection's provider")
struct EnterpriseSSOSignInTests {
    @Test("The sign-in names the connection; prepared, the verification leads to the connection's provider")
    func startAndPrepare() async throws {
        try await withServer(EnterpriseSSO.settings, mode: .socket) { server in
            let device = server.client()
            let address = EnterpriseSSO.address("ada")
            let signIn = try await EnterpriseSSO.start(device, address).signIn
            #expect(signIn.status == .needsFirstFactor)
            let factor = try #require(signIn.supportedFirstFactors?.first)
            #expect(signIn.supportedFirstFactors?.count == 1 && factor.strategy == .enterpriseSSO)
            #expect(factor.enterpriseConnectionID == "ent_acme" && factor.enterpriseConnectionName == "Acme SSO")
            let verification = try #require(try await EnterpriseSSO.prepare(device, signIn.id).signIn.firstFactorVerification)
            #expect(verification.strategy == .enterpriseSSO && verification.status == .unverified)
            #expect(verification.externalVerificationRedirectURL?.hasPrefix(server.core.baseURL + "/__local/oauth/google/authorize?") == true)
            let environment = try await device.send("GET", "/v1/environment").decode(EnvironmentResource.self)
            #expect(environment.userSettings?.enterpriseSSO?.enabled == true)
        }
    }

    @Test("A first-time user: transferable, the transfer signs them up with the enterprise account and no external account")
    func firstTimeUserSignsUpByTransfer() async throws {
        try await withServer(EnterpriseSSO.settings, mode: .socket) { server in
            let address = EnterpriseSSO.address("grace")
            let (device, _, back) = try await EnterpriseSSO.roundTrip(address, on: server)
            #expect(try back.signIn.firstFactorVerification?.status == .transferable, "\(String(decoding: back.data, as: UTF8.self))")
            let signUp = try await device.signUp([("transfer", "true")])
            #expect(try signUp.signUp.status == .complete, "\(String(decoding: signUp.data, as: UTF8.self))")
            let user = try #require(try signUp.client?.sessions.first?.user)
            let account = try #require(user.enterpriseAccounts.first)
            #expect(user.enterpriseAccounts.count == 1 && user.externalAccounts.isEmpty)
            #expect(account.emailAddress == address && account.active && account.enterpriseConnectionID == "ent_acme")
            #expect(account.enterpriseConnection?.name == "Acme SSO" && account.enterpriseConnection?.domain == "acme.test")
            #expect(account.providerUserID?.isEmpty == false && account.verification?.strategy == .enterpriseSSO)
            #expect(user.emailAddresses.first?.verification?.status == .verified)
        }
    }

    @Test("A user with the address verified: linked and signed in; the next sign-in finds the same account")
    func existingUserLinkedOnce() async throws {
        try await withServer(EnterpriseSSO.settings, mode: .socket) { server in
            let address = EnterpriseSSO.address("linus")
            let seeded = try await server.seedUser(SeedUser(emailAddress: address, password: Fixture.password))
            let (_, _, first) = try await EnterpriseSSO.roundTrip(address, on: server)
            #expect(try first.signIn.status == .complete, "\(String(decoding: first.data, as: UTF8.self))")
            let user = try #require(try first.client?.sessions.first?.user)
            #expect(user.id == seeded.id && user.enterpriseAccounts.count == 1 && user.passwordEnabled)

            let (_, _, second) = try await EnterpriseSSO.roundTrip(address, on: server)
            let again = try #require(try second.client?.sessions.first?.user)
            #expect(again.id == seeded.id && again.enterpriseAccounts.map(\.id) == user.enterpriseAccounts.map(\.id))
        }
    }

    @Test("A plain sign-in by an address a connection serves offers enterprise_sso among its first factors")
    func offeredToKnownUser() async throws {
        try await withServer(EnterpriseSSO.settings) { server in
            let address = EnterpriseSSO.address("offer")
            _ = try await server.seedUser(SeedUser(emailAddress: address, password: Fixture.password))
            let signIn = try await server.client().signIn([("identifier", address)]).signIn
            #expect(signIn.supportedFirstFactors?.contains { $0.strategy == .enterpriseSSO && $0.enterpriseConnectionID == "ent_acme" } == true)
            let other = EnterpriseSSO.address("other", domain: "example.com")
            _ = try await server.seedUser(SeedUser(emailAddress: other, password: Fixture.password))
            let plain = try await server.client().signIn([("identifier", other)]).signIn
            #expect(plain.supportedFirstFactors?.contains { $0.strategy == .enterpriseSSO } == false)
        }
    }
}
