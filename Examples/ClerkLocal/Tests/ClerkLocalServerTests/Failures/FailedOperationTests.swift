import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// A failure after an operation changed state (storage that cannot write, a token that cannot be
/// signed) is the server's: 500 `internal_clerk_error` with a trace id, and the state reads back as
/// it was before the request.
@Suite("Failures: an operation that cannot be completed changes nothing")
struct FailedOperationTests {
    struct WriteFailed: Error {}

    @Test("Storage failing to write a prepared code: 500 with a trace id; no code, no message")
    func storageFailsPrepare() async throws {
        let storage = GatedStorage()
        storage.release()
        try await withServer(SettingsPreset.emailCode.settings, storage: storage) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email))
            let device = server.client()
            let started = try await device.signIn([("identifier", email)]).signIn
            #expect(started.firstFactorVerification == nil)

            storage.release(failing: WriteFailed())
            let failed = try await device.signInAction(started.id, "prepare_first_factor", [("strategy", "email_code")])
            expectInternalError(failed)
            storage.release()

            let read = try await device.send("GET", "/v1/client/sign_ins/\(started.id)").signIn
            #expect(read.status == .needsFirstFactor)
            #expect(read.firstFactorVerification == nil, "the code the failed request issued is gone")
            #expect(server.outbox(to: email).isEmpty, "the message the failed request sent is taken back")
        }
    }

    @Test("Storage failing to write a verified code: 500; the sign-in and its code are as before")
    func storageFailsAttempt() async throws {
        let storage = GatedStorage()
        storage.release()
        try await withServer(SettingsPreset.emailCode.settings, storage: storage) { server in
            let (device, started, code) = try await startCodeSignIn(server)

            storage.release(failing: WriteFailed())
            let failed = try await device.signInAction(started.id, "attempt_first_factor", [("strategy", "email_code"), ("code", code)])
            expectInternalError(failed)
            storage.release()

            try await expectUnchanged(device, started)
            let signedIn = try await device.signInAction(started.id, "attempt_first_factor", [("strategy", "email_code"), ("code", code)])
            #expect(try signedIn.signIn.status == .complete, "the code is still good")
        }
    }

    @Test("A token that cannot be signed: 500; no session, the code unused, nothing handed to storage")
    func signerFails() async throws {
        let storage = GatedStorage()
        storage.release()
        try await withServer(SettingsPreset.emailCode.settings, storage: storage) { server in
            let (device, started, code) = try await startCodeSignIn(server)
            let batchesBefore = storage.batches.count

            server.core.tokenSigner = FailingSigner()
            let failed = try await device.signInAction(started.id, "attempt_first_factor", [("strategy", "email_code"), ("code", code)])
            expectInternalError(failed)
            server.core.tokenSigner = server.core.signer

            #expect(storage.batches.count == batchesBefore, "the failed operation's changes never reached storage")
            try await expectUnchanged(device, started)
            let signedIn = try await device.signInAction(started.id, "attempt_first_factor", [("strategy", "email_code"), ("code", code)])
            #expect(try signedIn.signIn.status == .complete)
            #expect(storage.batches.count > batchesBefore)
        }
    }

    /// A seeded user's sign-in with an email code sent: the device, the sign-in and the code.
    private func startCodeSignIn(_ server: TestServer) async throws -> (FAPIClient, SignIn, String) {
        let email = Fixture.email()
        _ = try await server.seedUser(SeedUser(emailAddress: email))
        let device = server.client()
        let started = try await device.signIn([("identifier", email), ("strategy", "email_code")]).signIn
        return (device, started, try #require(server.latestCode(to: email)))
    }

    /// 500 `internal_clerk_error`, the trace id in the envelope and in the long message.
    private func expectInternalError(_ answer: FAPIClient.Answer, sourceLocation: SourceLocation = #_sourceLocation) {
        expectError(answer, status: 500, code: "internal_clerk_error", sourceLocation: sourceLocation)
        let traceID = answer.json["clerk_trace_id"] as? String ?? "(none)"
        #expect(answer.error?.longMessage.contains(traceID) == true, "long message: \(answer.error?.longMessage ?? "")", sourceLocation: sourceLocation)
    }

    /// The sign-in still waits for its first factor with no attempt counted, and the client has no session.
    private func expectUnchanged(_ device: FAPIClient, _ started: SignIn, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let read = try await device.send("GET", "/v1/client/sign_ins/\(started.id)").signIn
        #expect(read.status == .needsFirstFactor, sourceLocation: sourceLocation)
        #expect(read.firstFactorVerification?.status == .unverified, sourceLocation: sourceLocation)
        #expect(read.firstFactorVerification?.attempts == started.firstFactorVerification?.attempts, sourceLocation: sourceLocation)
        let client = try await device.send("GET", "/v1/client").client
        #expect(client?.sessions.isEmpty == true, "no session was kept", sourceLocation: sourceLocation)
    }
}
