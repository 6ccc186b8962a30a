import Clerk
import ClerkLocalServer
import DocumentationExamples
import Testing

/// The model behind the SwiftUI article's screens, driven as its buttons would drive it.
@Suite("SwiftUI: the sign-in and signed-in screens' model")
struct SwiftUITests {
    @Test("a wrong password shows under the fields; a wrong then right code signs in; sign out shows the sign-in screen")
    func signsInAndOut() async throws {
        try await withLocalServer(.emailPassword) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: "jane+clerk_test@example.com", password: seededPassword))
            try await useScreens(client: try server.newDevice(), userID: user.id)
        }
    }

    /// Types and taps as a person would on the article's screens.
    @MainActor
    func useScreens(client: ClerkClient, userID: String) async throws {
        let model = SignInScreenModel(client: client)
        #expect(!model.auth.isSignedIn)
        #expect(model.step == .credentials)

        model.emailAddress = "jane+clerk_test@example.com"
        model.password = "not-the-password-42"
        await model.signIn()
        #expect(model.step == .credentials)
        #expect(model.errorText?.isEmpty == false)
        #expect(model.password.isEmpty)
        #expect(!model.auth.isSignedIn)

        model.password = seededPassword
        let signingIn = Task { await model.signIn() }
        let first = try await codeStep(of: model)
        #expect(first.hasPrefix("Enter the code sent to "))
        model.code = "111111"
        model.submitCode()
        let second = try await codeStep(of: model)
        #expect(second != first && second.hasSuffix(first), "the refusal is shown: \(second)")
        model.code = testCode
        model.submitCode()
        await signingIn.value

        #expect(model.errorText == nil)
        #expect(model.auth.isSignedIn)
        #expect(model.auth.user?.id == userID)
        #expect(model.signedInAs == "jane+clerk_test@example.com")

        await model.signOut()
        #expect(!model.auth.isSignedIn)
        #expect(model.signedInAs.isEmpty)
    }

    /// Waits until the model shows the code step; its text.
    @MainActor
    func codeStep(of model: SignInScreenModel) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(300)  // returns once shown; generous for a loaded machine
        while ContinuousClock.now < deadline {
            if case .code(let text) = model.step { return text }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the code step never showed; the step is \(model.step)")
        throw CancellationError()
    }
}
