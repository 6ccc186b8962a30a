import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The `all` preset offers every way in the other presets offer, together: what an app that combines
/// codes, passwords, second factors, email links, Apple and Google and passkeys runs against.
@Suite("The all preset")
struct AllPresetTests {
    @Test("its environment offers every first and second factor, both providers and passkeys")
    func environmentOffersEverything() async throws {
        let answer = try await withServer(SettingsPreset.all.settings) { server in try await server.client().send("GET", "/v1/environment") }
        let environment = try answer.decode(EnvironmentResource.self)
        let firstFactors = Set((environment.authConfig?.firstFactors ?? []).map(\.rawValue))
        for strategy in [
            "email_code", "email_link", "phone_code", "password", "reset_password_email_code", "oauth_token_apple", "oauth_token_google",
            "google_one_tap", "passkey",
        ] {
            #expect(firstFactors.contains(strategy), "first factors lack \(strategy): \(firstFactors.sorted())")
        }
        #expect(Set((environment.authConfig?.secondFactors ?? []).map(\.rawValue)) == ["phone_code", "totp", "backup_code"])
        #expect(Set(environment.userSettings?.social?.keys.map { $0 } ?? []) == ["oauth_apple", "oauth_google"])
    }

    @Test("every other preset's first and second factors are among its own")
    func coversEveryPreset() async throws {
        func factors(_ preset: SettingsPreset) async throws -> Set<String> {
            let answer = try await withServer(preset.settings) { server in try await server.client().send("GET", "/v1/environment") }
            let config = try answer.decode(EnvironmentResource.self).authConfig
            return Set(((config?.firstFactors ?? []) + (config?.secondFactors ?? [])).map(\.rawValue))
        }
        let all = try await factors(.all)
        for preset in SettingsPreset.allCases where preset != .all {
            let missing = try await factors(preset).subtracting(all)
            #expect(missing.isEmpty, "\(preset.rawValue) offers \(missing.sorted()), which all does not")
        }
    }
}
