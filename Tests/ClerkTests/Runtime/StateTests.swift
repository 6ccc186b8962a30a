import Foundation
import Testing

@testable import Clerk

@Suite("Client state from envelopes")
struct StateTests {
    @Test("the client under `client` updates sign-in, sign-up, sessions and last active session")
    func clientKey() async throws {
        let signIn = Fixture.signIn(status: .needsSecondFactor)
        let signUp = Fixture.signUp(status: .missingRequirements, missing: [.legalAccepted])
        let client = Fixture.client(signIn: signIn, signUp: signUp, sessions: [Fixture.session("sess_9")], lastActive: "sess_9")
        let harness = Harness([.respond(Fixture.envelope(signIn, client: client))])
        _ = try await harness.client.createSignIn(.init(identifier: "jane"))
        #expect(await harness.client.currentSignIn?.status == .needsSecondFactor)
        #expect(await harness.client.currentSignUp?.missingFields == [.legalAccepted])
        #expect(await harness.client.sessions.map(\.id) == ["sess_9"])
        #expect(await harness.client.lastActiveSessionID == "sess_9")
        #expect(await harness.client.lastActiveSession?.id == "sess_9")
    }

    @Test("the client under `meta.client` updates the state too")
    func metaClient() async throws {
        let signIn = Fixture.signIn(status: .needsFirstFactor)
        let harness = Harness([.respond(Fixture.metaEnvelope(signIn, client: Fixture.client(signIn: signIn, sessions: [Fixture.session("sess_m")])))])
        _ = try await harness.client.createSignIn(.init(identifier: "jane"))
        #expect(await harness.client.currentSignIn?.id == "sia_1")
        #expect(await harness.client.sessions.map(\.id) == ["sess_m"])
    }

    @Test("an error answer carrying meta.client updates the state")
    func errorMetaClient() async throws {
        let transferable = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, .transferable))
        let harness = Harness([.respond(Fixture.error(404, .signUpIfMissingTransfer, client: Fixture.client(signIn: transferable)))])
        let error = await clerkError {
            try await SignInHandle(client: harness.client, signIn: transferable).attemptFirstFactor(.init(strategy: .emailCode, code: "424242"))
        }
        #expect(error?.hasCode(.signUpIfMissingTransfer) == true)
        #expect(await harness.client.currentSignIn?.isTransferable == true)
    }

    @Test("an answer without a client leaves the state as it was")
    func noClient() async throws {
        let signIn = Fixture.signIn(status: .needsFirstFactor)
        let harness = Harness([
            .respond(Fixture.envelope(signIn, client: Fixture.client(signIn: signIn))),
            .respond(Fixture.envelope(Fixture.signIn(id: "sia_2", status: .complete), client: nil)),
        ])
        _ = try await harness.client.createSignIn(.init(identifier: "jane"))
        _ = try await harness.client.send(GetSignInRequest(signInID: "sia_2"))
        #expect(await harness.client.currentSignIn?.id == "sia_1")
    }

    @Test("GET /v1/client answering null clears the state; answering a client sets it")
    func clientResponse() async throws {
        let harness = Harness([
            .respond(Fixture.envelope(Optional(Fixture.client(sessions: [Fixture.session()], lastActive: "sess_1")), client: nil)),
            .respond(TransportResponse(status: 200, json: #"{"response":null,"client":null}"#)),
        ])
        try await harness.client.refresh()
        #expect(await harness.client.lastActiveSessionID == "sess_1")
        try await harness.client.refresh()
        #expect(await harness.client.client == nil)
        #expect(await harness.client.sessions.isEmpty)
    }

    @Test("reset forgets the sign-in and sign-up locally without a request")
    func reset() async throws {
        let signIn = Fixture.signIn(status: .needsFirstFactor)
        let harness = Harness([
            .respond(
                Fixture.envelope(
                    signIn, client: Fixture.client(signIn: signIn, signUp: Fixture.signUp(status: .missingRequirements), sessions: [Fixture.session()])))
        ])
        let handle = try await harness.client.createSignIn(.init(identifier: "jane"))
        await handle.reset()
        #expect(await harness.client.currentSignIn == nil)
        #expect(await harness.client.currentSignUp == nil)
        #expect(await harness.client.sessions.count == 1)
        #expect(harness.requests.count == 1)
    }

    @Test("finalize sends nothing when the client already lists the session as last active")
    func finalizeWithoutRequest() async throws {
        let signIn = Fixture.signIn(status: .complete, session: "sess_1")
        let harness = Harness([.respond(Fixture.envelope(signIn, client: Fixture.completedClient(signIn)))])
        let handle = try await harness.client.createSignIn(.init(identifier: "jane", password: "pw"))
        let session = try await handle.finalize()
        #expect(session.id == "sess_1")
        #expect(!session.neededRequest)
        #expect(harness.requests.count == 1)
    }

    @Test("finalize touches the session when it is not the last active one")
    func finalizeWithTouch() async throws {
        let signIn = Fixture.signIn(status: .complete, session: "sess_2")
        let other = Fixture.session("sess_1")
        let created = Fixture.session("sess_2")
        let harness = Harness([
            .respond(Fixture.envelope(signIn, client: Fixture.client(signIn: signIn, sessions: [other, created], lastActive: "sess_1"))),
            .respond(Fixture.envelope(created, client: Fixture.client(sessions: [other, created], lastActive: "sess_2"))),
        ])
        let session = try await harness.client.createSignIn(.init(identifier: "jane", password: "pw")).finalize()
        #expect(session.neededRequest)
        expectRequest(harness.requests.last, .post, "/v1/client/sessions/sess_2/touch", form: [])
        #expect(await harness.client.lastActiveSessionID == "sess_2")
    }

    @Test("finalize before completion is a flow error without a request")
    func finalizeIncomplete() async {
        let harness = Harness()
        let error = await clerkError {
            try await SignInHandle(client: harness.client, signIn: Fixture.signIn(status: .needsFirstFactor)).finalize()
        }
        #expect(error == .flow(.notComplete(status: "needs_first_factor")))
        #expect(harness.requests.isEmpty)
    }

    @Test("session tasks are surfaced on the active session")
    func sessionTasks() async throws {
        let signIn = Fixture.signIn(status: .complete, session: "sess_1")
        let pending = Fixture.session(status: .pending, tasks: [.setupMFA, .chooseOrganization])
        let harness = Harness([.respond(Fixture.envelope(signIn, client: Fixture.completedClient(signIn, session: pending)))])
        let session = try await harness.client.createSignIn(.init(identifier: "jane", password: "pw")).finalize()
        #expect(session.status == .pending)
        #expect(session.tasks.map(\.key) == [.setupMFA, .chooseOrganization])
        #expect(session.currentTask?.key == .setupMFA)
    }

    @Test("unknown statuses and strategies decode and stay usable")
    func openValues() async throws {
        let json = Fixture.json(
            ClientEnvelope<SignIn, ClientResource>(
                response: Fixture.signIn(status: "needs_something_new", first: [SignInFactor(strategy: "carrier_pigeon")]), client: nil))
        let harness = Harness([.respond(TransportResponse(status: 200, json: json))])
        let handle = SignInHandle(client: harness.client, signIn: try await harness.client.send(GetSignInRequest(signInID: "sia_1")).response)
        #expect(handle.status.rawValue == "needs_something_new")
        #expect(!handle.status.isKnown)
        #expect(handle.supportedFirstFactors.first?.strategy.rawValue == "carrier_pigeon")
    }
}
