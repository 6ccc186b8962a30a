import Clerk
import ClerkLocalServer
import DocumentationExamples
import Testing

@Suite("A real Clerk instance")
struct RealInstanceTests {
    @Test("the instance check reads the Native API, test mode and the factors the settings offer")
    func checksTheInstance() async throws {
        try await withLocalServer(.emailPassword) { server in
            let check = try await checkInstance(try makeClerkClient(publishableKey: server.publishableKey))
            #expect(check.nativeAPIEnabled == true)
            #expect(check.testMode == true)
            #expect(check.firstFactors.contains("password"))
            #expect(check.secondFactors.isEmpty)
        }
        try await withLocalServer(.emailCode) { server in
            let check = try await checkInstance(try server.newDevice())
            #expect(check.firstFactors.contains("email_code"))
            #expect(!check.firstFactors.contains("password"))
        }
        try await withLocalServer(.mfa) { server in
            let check = try await checkInstance(try server.newDevice())
            #expect(Set(check.secondFactors).isSuperset(of: ["phone_code", "totp", "backup_code"]))
        }
    }
}
