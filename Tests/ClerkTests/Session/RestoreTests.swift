import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Restore: an app relaunch over one FileTokenStore", .timeLimit(.minutes(10)))
struct RestoreTests {
    func temporaryStore() throws -> (FileTokenStore, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (FileTokenStore(fileURL: directory.appendingPathComponent("token")), directory)
    }

    /// Answers the environment and the client by path, whatever order the concurrent reads arrive in.
    static func answers(client: ClientResource?) -> ScriptedTransport.Step {
        .handle { request in
            switch request.path {
            case "/v1/environment": TransportResponse(status: 200, json: #"{"auth_config":{"single_session_mode":false}}"#)
            case "/v1/client": SessionFixture.clientAnswer(client)
            default: TransportResponse(status: 404, json: #"{"errors":[{"code":"resource_not_found"}]}"#)
            }
        }
    }

    @Test("a second client over the same file restores the signed-in session with the environment and the client read together")
    func relaunch() async throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let signIn = Fixture.signIn(status: .complete, session: "sess_1")
        let first = SessionHarness(
            [
                .respond(
                    Fixture.envelope(
                        signIn, client: Fixture.completedClient(signIn, session: SessionFixture.session("sess_1")),
                        headers: ["Authorization": "persisted_client_token"]))
            ],
            tokenStore: store)
        _ = try await first.client.createSignIn(.init(identifier: "jane", password: "pw")).finalize()

        let relaunched = SessionHarness([Self.answers(client: SessionFixture.signedIn()), Self.answers(client: SessionFixture.signedIn())], tokenStore: store)
        let events = EventCollector(relaunched.client.authEvents())
        let state = try await relaunched.client.restore()
        #expect(state.isSignedIn && state.session?.id == "sess_1")
        #expect(state.environment.authConfig?.singleSessionMode == false)
        #expect(state.client?.id == "client_1")
        #expect(await relaunched.client.activeSession?.id == "sess_1")
        let paths = Set(relaunched.requests.map(\.path))
        #expect(paths == ["/v1/environment", "/v1/client"] && relaunched.requests.count == 2)
        for request in relaunched.requests {
            expectRequest(request, .get, request.path, token: "persisted_client_token")
        }
        // A restored session is not a new sign-in.
        #expect(await events.first(1) == [.sessionChanged(from: nil, to: "sess_1")])
    }

    @Test("without a stored client token only the environment is read")
    func noToken() async throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let harness = SessionHarness([Self.answers(client: nil)], tokenStore: store)
        let state = try await harness.client.restore()
        #expect(!state.isSignedIn && state.client == nil)
        #expect(harness.requests.map(\.path) == ["/v1/environment"])
    }

    @Test("a client whose session the server ended restores signed out")
    func endedSession() async throws {
        let client = Fixture.client(sessions: [SessionFixture.session("sess_1", status: .expired)], lastActive: "sess_1")
        let harness = SessionHarness([Self.answers(client: client), Self.answers(client: client)])
        let state = try await harness.client.restore()
        #expect(!state.isSignedIn && state.client?.id == "client_1")
    }

    @Test("a failed read is thrown: the client's first")
    func failure() async throws {
        let harness = SessionHarness([
            .handle { request in
                request.path == "/v1/client"
                    ? TransportResponse(status: 401, json: #"{"errors":[{"code":"client_not_found"}]}"#)
                    : TransportResponse(status: 200, json: "{}")
            },
            .handle { request in
                request.path == "/v1/client"
                    ? TransportResponse(status: 401, json: #"{"errors":[{"code":"client_not_found"}]}"#)
                    : TransportResponse(status: 200, json: "{}")
            },
        ])
        #expect(await clerkError { try await harness.client.restore() }?.code == .clientNotFound)
    }
}
