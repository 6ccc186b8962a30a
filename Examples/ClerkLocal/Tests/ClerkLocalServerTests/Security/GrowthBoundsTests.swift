import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Security: state and connections cannot grow without bound")
struct GrowthBoundsTests {
    @Test("Abandoned sign-ins, sign-ups and their clients are pruned on the clock's schedule")
    func pruning() async throws {
        let clock = ManualClock(now: Date())
        try await withServer(SettingsPreset.emailCode.settings, now: { clock.now() }) { server in
            let signingIn = server.client()
            _ = try await signingIn.signIn([("identifier", Fixture.testEmail()), ("sign_up_if_missing", "true")])
            let signInID = try #require(try await signingIn.send("GET", "/v1/client").client?.signIn?.id)
            let signingUp = server.client()
            let signUp = try await signingUp.signUp([("email_address", Fixture.testEmail())]).signUp

            clock.advance(by: .seconds(23 * 3600))
            _ = try await server.client().send("POST", "/v1/client")
            #expect(try await signingIn.send("GET", "/v1/client/sign_ins/\(signInID)").status == 200, "not abandoned yet")

            clock.advance(by: .seconds(2 * 3600))
            _ = try await server.client().send("POST", "/v1/client")
            let goneSignIn = try await signingIn.send("GET", "/v1/client/sign_ins/\(signInID)")
            expectError(goneSignIn, status: 401, code: "authentication_invalid")
            #expect(try await signingIn.send("GET", "/v1/client").json["response"] is NSNull, "the empty client went too")
            let goneSignUp = try await signingUp.send("GET", "/v1/client/sign_ups/\(signUp.id)")
            expectError(goneSignUp, status: 401, code: "authentication_invalid")
        }
    }

    @Test("A client with a live session is kept, however long it is idle")
    func liveClientsKept() async throws {
        let clock = ManualClock(now: Date())
        try await withServer(SettingsPreset.emailCode.settings, now: { clock.now() }) { server in
            let device = server.client()
            let created = try await device.signUp([("email_address", Fixture.testEmail())]).signUp
            try await device.signUpAction(created.id, "prepare_verification", [("strategy", "email_code")])
            try await device.signUpAction(created.id, "attempt_verification", [("strategy", "email_code"), ("code", "424242")])
            clock.advance(by: .seconds(3 * 24 * 3600))
            _ = try await server.client().send("POST", "/v1/client")
            let client = try #require(try await device.send("GET", "/v1/client").client)
            #expect(client.sessions.first?.status == .active)
        }
    }

    @Test("The outbox keeps only its latest messages")
    func outboxCap() {
        let outbox = Outbox(printsToConsole: false, capacity: 3)
        for index in 1...5 {
            outbox.deliver(
                channel: .email, to: "user\(index)@example.com", purpose: "test", code: "00000\(index)",
                applicationName: "Test", lifetimeMinutes: 10, now: Date())
        }
        #expect(outbox.messages().map(\.code) == ["000003", "000004", "000005"])
        #expect(Outbox.defaultCapacity > 0)
    }

    @Test("A connection that sends nothing is closed after the idle timeout")
    func idleConnectionClosed() async throws {
        let server = try await LocalFrontendAPI.start(options: ListeningOptions(idleTimeout: .milliseconds(300)))
        do {
            let silent = try await RawConnection.exchange(port: server.port, request: "", waitLimit: 20)
            #expect(silent.closedByServer)
            let stalled = try await RawConnection.exchange(port: server.port, request: "GET /v1/environment HTTP/1.1\r\nHo", waitLimit: 20)
            #expect(stalled.closedByServer, "a request head that never completes is timed out too")
        }
        await server.shutdown()
    }
}
