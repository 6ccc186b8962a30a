import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The server's `GET /v1/environment` is exactly what the generated `EnvironmentResource` models:
/// decoding and re-encoding it loses and adds nothing, under every settings preset.
@Suite("The environment round-trips through the generated type")
struct EnvironmentRoundTripTests {
    @Test(arguments: SettingsPreset.allCases)
    func environmentRoundTrips(preset: SettingsPreset) async throws {
        let answer = try await withServer(preset.settings) { server in
            try await server.client().send("GET", "/v1/environment")
        }
        #expect(answer.status == 200)
        let environment = try answer.decode(EnvironmentResource.self)
        let original = try JSONDecoder().decode(JSONValue.self, from: answer.data)
        let reencoded = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(environment))
        #expect(reencoded == original)

        #expect(environment.authConfig?.nativeSettings?.object == "native_settings")
        #expect(environment.displayConfig?.userProfileURL == "http://localhost/user")
        #expect(environment.userSettings?.passkeySettings?.allowAutofill == true)
        #expect(environment.userSettings?.restrictions?.allowlist?.enabled == false)
        #expect(environment.userSettings?.usernameSettings?.minLength == 4)
        #expect(environment.userSettings?.signIn?.secondFactor?.required == preset.settings.mfa.required)
        #expect(
            environment.userSettings?.attackProtection?.enumerationProtection?.enabled == preset.settings.enumerationProtection)
        // Organizations are on in every preset, with Clerk's creator role.
        #expect(environment.organizationSettings?.enabled == true)
        #expect(environment.organizationSettings?.creatorRole == "org:admin")
        #expect(environment.userSettings?.actions?.createOrganization == true)
    }
}
