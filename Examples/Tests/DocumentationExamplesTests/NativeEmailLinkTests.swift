import Clerk
import ClerkEmailLink
import ClerkLocalServer
import DocumentationExamples
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The native (PKCE) email link of ClerkEmailLink's article, the SDK against clerk-local over loopback.
@Suite("Native email links, completed in the app")
struct NativeEmailLinkTests {
    static let redirect = URL(string: "clerk-local://email-link")!

    /// Opens the emailed link as a browser does: where it sends the browser (not followed).
    private func open(_ link: String) async throws -> URL {
        var request = URLRequest(url: try #require(URL(string: link)))
        request.httpMethod = "GET"
        let session = URLSession(configuration: .ephemeral, delegate: RedirectKeeper(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 303)
        return try #require(http.value(forHTTPHeaderField: "Location").flatMap(URL.init(string:)))
    }

    @Test("the link opens the app, which completes it with its verifier and signs in; another verifier is refused")
    func signsInWithTheVerifier() async throws {
        try await withLocalServer(.emailLink) { server in
            let email = "elsie.macgill@example.com"
            let user = try await server.seedUser(SeedUser(emailAddress: email, password: seededPassword))
            let clerk = try server.newDevice()
            let pending = try await sendSignInLinkToApp(clerk: clerk, emailAddress: email, redirectURL: Self.redirect)
            #expect(pending.signIn.firstFactorVerification?.strategy == .emailLink)
            let callback = try await open(try #require(server.outbox(to: email).last?.link))
            #expect(try NativeEmailLinkCallback(callback).flowID == pending.flowID)

            // Someone holding the link but not the verifier gets nothing, and uses nothing up.
            let stranger = NativeEmailLinkSignIn(signIn: pending.signIn, verifier: EmailLinkVerifier())
            do {
                _ = try await stranger.complete(link: callback)
                Issue.record("a verifier of another flow completes nothing")
            } catch let error as ClerkError {
                #expect(error.hasCode(.pkceVerificationFailed))
            }

            let session = try await completeSignInLink(pending, openedWith: callback)
            #expect(session.status == .active)
            #expect(session.userID == user.id)
            do {
                _ = try await pending.complete(link: callback)
                Issue.record("an approval completes once")
            } catch let error as ClerkError {
                #expect(error.hasCode(.approvalTokenConsumed))
            }
        }
    }

    @Test("a sign-up's link opens the app, which completes it with its verifier: the address verified, the session active")
    func signsUpWithTheVerifier() async throws {
        try await withLocalServer(.emailLink) { server in
            let email = "mary.jackson@example.com"
            let clerk = try server.newDevice()
            let pending = try await sendSignUpLinkToApp(clerk: clerk, emailAddress: email, redirectURL: Self.redirect)
            #expect(pending.signUp.verifications.emailAddress?.strategy == .emailLink)
            let callback = try await open(try #require(server.outbox(to: email).last?.link))
            #expect(try NativeEmailLinkCallback(callback).flowID == pending.flowID)

            let stranger = NativeEmailLinkSignUp(signUp: pending.signUp, verifier: EmailLinkVerifier())
            do {
                _ = try await stranger.complete(link: callback)
                Issue.record("a verifier of another flow completes nothing")
            } catch let error as ClerkError {
                #expect(error.hasCode(.pkceVerificationFailed))
            }
            #expect(try await pending.signUp.reload().status == .missingRequirements)

            let session = try #require(try await completeSignUpLink(pending, openedWith: callback))
            #expect(session.status == .active)
            #expect(await clerk.activeSession?.id == session.id)
            do {
                _ = try await pending.complete(link: callback)
                Issue.record("an approval completes once")
            } catch let error as ClerkError {
                #expect(error.hasCode(.approvalTokenConsumed))
            }
        }
    }

    @Test("a link of another flow, or a URL that is no native link, is refused before any request")
    func refusesForeignLinks() async throws {
        try await withLocalServer(.emailLink) { server in
            let email = "elsie.macgill@example.com"
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: seededPassword))
            let pending = try await sendSignInLinkToApp(clerk: try server.newDevice(), emailAddress: email, redirectURL: Self.redirect)
            let foreign = URL(string: "clerk-local://email-link?flow_id=sia_other&approval_token=abc")!
            await #expect(throws: ClerkError.invalidInput(InvalidInput(field: "flow_id", reason: "the link belongs to another sign-in"))) {
                try await pending.complete(link: foreign)
            }
            await #expect(throws: ClerkError.flow(.emailLink(.expired))) {
                try await pending.complete(link: URL(string: "clerk-local://email-link?__clerk_status=expired")!)
            }
        }
    }
}

/// Keeps a redirect as the answer instead of following it.
private final class RedirectKeeper: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
