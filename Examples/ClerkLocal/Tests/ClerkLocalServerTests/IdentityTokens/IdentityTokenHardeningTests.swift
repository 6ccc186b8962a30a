import ClerkAPI
import ClerkTesting
import Foundation
import JWTKit
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// What an identity token cannot do besides forge an identity: sign in before it is valid, carry names the
/// server's own rules refuse, or be retried past the rate limits.
@Suite("Identity tokens: nbf, names and rate limits")
struct IdentityTokenHardeningTests {
    @Test("A token not yet valid (nbf an hour ahead) is refused, changing nothing; a small clock difference is not")
    func notBefore() async throws {
        try await withServer(SettingsPreset.social.settings) { server in
            let email = Fixture.email("early")
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let now = server.core.now().timeIntervalSince1970.rounded(.down)
            for provider in IdentityTokenProvider.allCases {
                let strategy = provider == .apple ? "oauth_token_apple" : "oauth_token_google"
                let before = await server.stateCounts()
                let early = try await server.token(provider, email) { $0.nbf = now + 3600 }
                expectError(try await server.client().signIn([("strategy", strategy), ("token", early)]), status: 422, code: "form_param_value_invalid")
                expectError(
                    try await server.client().signUp([("strategy", strategy), ("token", early), ("legal_accepted", "true")]), status: 422,
                    code: "form_param_value_invalid")
                #expect(await server.stateCounts() == before)
            }
            let skewed = try await server.token(.apple, email) { $0.nbf = now + 30 }
            #expect(try await server.client().signIn([("strategy", "oauth_token_apple"), ("token", skewed)]).signIn.status == .complete)
        }
    }

    @Test("Names a provider sends that break the user-field rules are dropped (trimmed when only padded), and the export imports back")
    func providerNames() async throws {
        let document = try await withServer(SettingsPreset.social.settings) { server in
            for (index, (given, family)) in [("Ada\u{1B}[31m", String(repeating: "L", count: 3_000)), ("  Grace  ", "Hop\u{0}per")].enumerated() {
                let email = Fixture.email("named\(index)")
                let token = try await server.token(.apple, email) {
                    $0.givenName = given
                    $0.familyName = family
                }
                let answer = try await server.client().signUp([("strategy", "oauth_token_apple"), ("token", token), ("legal_accepted", "true")])
                #expect(try answer.signUp.status == .complete, "\(answer.bodyText)")
            }
            return await server.core.admin.exportUsers()
        }
        let users = document.users.sorted { ($0.emailAddresses.first?.emailAddress ?? "") < ($1.emailAddresses.first?.emailAddress ?? "") }
        #expect(users.map(\.firstName) == [nil, "Grace"])
        #expect(users.map(\.lastName) == [nil, nil])
        #expect(users.compactMap { $0.externalAccounts?.first }.map(\.firstName) == [nil, "Grace"])
        #expect(users.compactMap { $0.externalAccounts?.first }.map(\.lastName) == [nil, nil])
        let decoded = try UserExportDocument.decode(from: try document.encoded())
        let imported = try await withServer(SettingsPreset.social.settings) { server in
            try await server.core.admin.importUsers(decoded)
        }
        #expect(imported == 2, "the export imports back")
    }

    @Test(
        "Junk tokens meet the per-client limit like any attempt: 12 tries under 8 a minute answer 8 refusals, then 429",
        arguments: [("sign_ins", "oauth_token_apple"), ("sign_ins", "google_one_tap"), ("sign_ups", "oauth_token_google")])
    func rateLimited(_ resource: String, _ strategy: String) async throws {
        var settings = SettingsPreset.social.settings
        settings.rateLimits.perClient = RateLimit(requests: 8, windowSeconds: 60)
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))  // the minute does not pass under load
        try await withServer(settings, now: { clock.now() }) { server in
            let device = server.client()
            var statuses: [Int] = []
            for attempt in 0..<12 {
                let form = [("strategy", strategy), ("token", "junk.\(attempt).token")] + (resource == "sign_ups" ? [("legal_accepted", "true")] : [])
                statuses.append(try await device.send("POST", "/v1/client/\(resource)", form: form).status)
            }
            #expect(statuses.filter { $0 == 429 }.count == 4, "\(statuses)")
            #expect(Array(statuses.prefix(8)).allSatisfy { (400..<500).contains($0) && $0 != 429 }, "refused for the token: \(statuses)")
        }
    }
}
