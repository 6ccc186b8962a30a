import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Email links: sent as a first factor, as Client Trust's fallback and to verify a sign-up's address;
/// opened at `GET /v1/verify` from any device; single use, expiring, bound to their attempt, and only
/// to an allowed redirect URL.
@Suite("Email links")
struct EmailLinkTests {
    static let redirect = "clerk-local://email-link"

    /// The link sent to `address`, as the path and query a browser would request.
    private func linkPath(_ server: TestServer, to address: String) throws -> String {
        let link = try #require(server.latestLink(to: address), "no link was sent to \(address)")
        let components = try #require(URLComponents(string: link))
        #expect(components.path == "/v1/verify")
        return components.path + "?" + (components.query ?? "")
    }

    /// Opens a link as a browser does (no client token unless `device` is given): the redirect's query.
    private func open(_ path: String, on server: TestServer, as device: FAPIClient? = nil) async throws -> [String: String] {
        let answer = try await (device ?? server.client()).send("GET", path)
        #expect(answer.status == 303, "\(String(decoding: answer.data, as: UTF8.self))")
        let location = try #require(answer.header("Location"))
        #expect(location.hasPrefix(Self.redirect + "?"), "\(location)")
        let items = URLComponents(string: location)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
    }

    private func startLinkSignIn(_ server: TestServer, email: String) async throws -> (FAPIClient, SignIn) {
        let device = server.client()
        let started = try await device.signIn([("identifier", email), ("strategy", "email_link"), ("redirect_url", Self.redirect)])
        #expect(started.status == 200, "\(String(decoding: started.data, as: UTF8.self))")
        return (device, try started.signIn)
    }

    @Test("a sign-in by link opened on another device completes on the device that asked; the link opens once")
    func signInOnAnotherDevice() async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let (device, signIn) = try await startLinkSignIn(server, email: email)
            #expect(signIn.status == .needsFirstFactor)
            #expect(signIn.firstFactorVerification?.strategy == .emailLink)
            #expect(signIn.firstFactorVerification?.status == .unverified)
            #expect(signIn.supportedFirstFactors?.contains { $0.strategy == .emailLink && $0.emailAddressID != nil } == true)
            let message = try #require(server.outbox(to: email).last)
            #expect(message.code == nil)
            #expect(message.body.contains(message.link ?? "no link"))

            let path = try linkPath(server, to: email)
            let opened = try await open(path, on: server)
            #expect(opened["__clerk_status"] == "verified")
            let session = try #require(opened["__clerk_created_session"])

            let reloaded = try await device.send("GET", "/v1/client/sign_ins/\(signIn.id)").signIn
            #expect(reloaded.status == .complete)
            #expect(reloaded.createdSessionID == session)
            #expect(reloaded.firstFactorVerification?.status == .verified)

            let again = try await open(path, on: server)
            #expect(again["__clerk_status"] == "failed")
            #expect(again["__clerk_created_session"] == nil)
        }
    }

    @Test("a link opened after it expired says so and verifies nothing (injected clock)")
    func expiredLink() async throws {
        let clock = ManualClock(now: Date())
        try await withServer(SettingsPreset.emailLink.settings, now: { clock.now() }) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let (device, signIn) = try await startLinkSignIn(server, email: email)
            let path = try linkPath(server, to: email)
            clock.advance(by: .seconds(601))
            let opened = try await open(path, on: server)
            #expect(opened["__clerk_status"] == "expired")
            let reloaded = try await device.send("GET", "/v1/client/sign_ins/\(signIn.id)").signIn
            #expect(reloaded.status == .needsFirstFactor)
            #expect(reloaded.firstFactorVerification?.status == .expired)
        }
    }

    @Test("a token that opens nothing is refused, with nowhere to redirect")
    func unknownToken() async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let answer = try await server.client().send("GET", "/v1/verify?token=not-a-token")
            expectError(answer, status: 400, code: "verification_link_token_invalid")
            let missing = try await server.client().send("GET", "/v1/verify?other=1")
            expectError(missing, status: 400, code: "verification_link_token_invalid", param: "token")
        }
    }

    @Test(
        "a redirect URL the instance does not allow is refused before anything is sent",
        arguments: [
            ("javascript:alert(1)", 422, "prohibited_redirect_url"),
            ("data:text/html,hi", 422, "prohibited_redirect_url"),
            ("https://attacker.example/callback", 422, "invalid_redirect_url"),
            ("http://127.0.0.1.attacker.example/", 422, "invalid_redirect_url"),
            ("not a url", 422, "invalid_redirect_url"),
            ("", 422, "form_param_missing"),
        ])
    func refusedRedirect(_ redirect: String, _ status: Int, _ code: String) async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            let answer = try await device.signIn([("identifier", email), ("strategy", "email_link"), ("redirect_url", redirect)])
            expectError(answer, status: status, code: code, param: "redirect_url")
            #expect(server.outbox(to: email).isEmpty)
            #expect(device.token == nil, "no client was made for a refused request")
        }
    }

    @Test("with the same-client option, a link opened elsewhere changes nothing; opened by the asking client it verifies")
    func sameClient() async throws {
        var settings = SettingsPreset.emailLink.settings
        settings.emailLink.requireSameClient = true
        try await withServer(settings) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let (device, signIn) = try await startLinkSignIn(server, email: email)
            let path = try linkPath(server, to: email)
            let elsewhere = try await open(path, on: server)
            #expect(elsewhere["__clerk_status"] == "client_mismatch")
            #expect(try await device.send("GET", "/v1/client/sign_ins/\(signIn.id)").signIn.status == .needsFirstFactor)
            let here = try await open(path, on: server, as: device)
            #expect(here["__clerk_status"] == "verified")
            #expect(try await device.send("GET", "/v1/client/sign_ins/\(signIn.id)").signIn.status == .complete)
        }
    }

    @Test("a new link replaces the previous one: the old token opens nothing")
    func resentLinkReplacesTheOld() async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let email = Fixture.email()
            let seeded = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let (device, signIn) = try await startLinkSignIn(server, email: email)
            let first = try linkPath(server, to: email)
            let resent = try await device.signInAction(
                signIn.id, "prepare_first_factor",
                [("strategy", "email_link"), ("email_address_id", try #require(seeded.emailAddressID)), ("redirect_url", Self.redirect)])
            #expect(resent.status == 200, "\(String(decoding: resent.data, as: UTF8.self))")
            let second = try linkPath(server, to: email)
            #expect(first != second)
            let stale = try await server.client().send("GET", first)
            expectError(stale, status: 400, code: "verification_link_token_invalid")
            #expect(try await open(second, on: server)["__clerk_status"] == "verified")
        }
    }

    @Test("Client Trust falls back to a link: a password sign-in on a new device completes once the link is opened")
    func clientTrustFallback() async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            let pending = try await device.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            #expect(pending.status == .needsClientTrust)
            #expect(pending.supportedSecondFactors?.map(\.strategy) == [.emailLink])
            let prepared = try await device.signInAction(
                pending.id, "prepare_second_factor", [("strategy", "email_link"), ("redirect_url", Self.redirect)])
            #expect(try prepared.signIn.secondFactorVerification?.strategy == .emailLink)
            let opened = try await open(try linkPath(server, to: email), on: server)
            #expect(opened["__clerk_status"] == "verified")
            let done = try await device.send("GET", "/v1/client/sign_ins/\(pending.id)").signIn
            #expect(done.status == .complete)
            #expect(done.createdSessionID == opened["__clerk_created_session"])
        }
    }

    @Test("a sign-up's email address verified by link: the user and session are made on the signing-up device")
    func signUpVerification() async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let email = Fixture.email()
            let device = server.client()
            let created = try await device.signUp([("email_address", email), ("password", Fixture.password)]).signUp
            #expect(created.status == .missingRequirements)
            #expect(created.verifications.emailAddress?.strategy == .emailLink)
            let prepared = try await device.signUpAction(created.id, "prepare_verification", [("strategy", "email_link"), ("redirect_url", Self.redirect)])
            #expect(prepared.status == 200, "\(String(decoding: prepared.data, as: UTF8.self))")
            let opened = try await open(try linkPath(server, to: email), on: server)
            #expect(opened["__clerk_status"] == "verified")
            let done = try await device.send("GET", "/v1/client/sign_ups/\(created.id)").signUp
            #expect(done.status == .complete)
            #expect(done.createdSessionID == opened["__clerk_created_session"])
            #expect(done.verifications.emailAddress?.status == .verified)
        }
    }

    @Test("sign_up_if_missing by link: an address without an account becomes transferable once its link is opened")
    func signUpIfMissing() async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let email = Fixture.email()
            let device = server.client()
            let started = try await device.signIn([
                ("identifier", email), ("strategy", "email_link"), ("redirect_url", Self.redirect), ("sign_up_if_missing", "true"),
            ])
            let signIn = try started.signIn
            #expect(signIn.status == .needsFirstFactor)
            let opened = try await open(try linkPath(server, to: email), on: server)
            #expect(opened["__clerk_status"] == "verified")
            #expect(opened["__clerk_created_session"] == nil)
            let reloaded = try await device.send("GET", "/v1/client/sign_ins/\(signIn.id)").signIn
            #expect(reloaded.firstFactorVerification?.status == .transferable)
        }
    }

    @Test("the environment offers email_link for sign-in and sign-up verification on the email-link preset only")
    func environment() async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let environment = try await server.client().send("GET", "/v1/environment").decode(EnvironmentResource.self)
            #expect(environment.userSettings?.attributes?.emailAddress?.firstFactors?.contains(.emailLink) == true)
            #expect(environment.userSettings?.attributes?.emailAddress?.verifications?.contains(.emailLink) == true)
        }
        try await withServer(SettingsPreset.emailCode.settings) { server in
            let environment = try await server.client().send("GET", "/v1/environment").decode(EnvironmentResource.self)
            #expect(environment.userSettings?.attributes?.emailAddress?.firstFactors?.contains(.emailLink) == false)
        }
    }
}
