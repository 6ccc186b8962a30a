import ClerkBackupCode
import ClerkClientTrust
import ClerkEmailCode
import ClerkPassword
import ClerkPhoneCode
import ClerkTOTP
import ClerkTransfer
import Testing

@testable import Clerk

/// The direct (driver-less) API each strategy module adds.
@Suite("Strategy modules' direct API")
struct StrategyAPITests {
    static let done = Fixture.signIn(status: .complete, session: "sess_1")
    static let doneAnswer = Fixture.envelope(done, client: Fixture.completedClient(done))

    @Test("ClerkPassword: signInWithPassword is one request")
    func password() async throws {
        let harness = Harness([.respond(Self.doneAnswer)])
        let signIn = try await harness.client.signInWithPassword(identifier: jane, password: "pw")
        #expect(signIn.isComplete)
        _ = try await signIn.finalize()
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("identifier", jane), ("password", "pw")])
        #expect(harness.requests.count == 1)
    }

    @Test("ClerkEmailCode: start (sends the code) and verify; sign-up send and verify")
    func emailCode() async throws {
        let prepared = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
        let signUp = Fixture.signUp(status: .missingRequirements, unverified: [.emailAddress])
        let harness = Harness([
            .respond(Fixture.envelope(prepared, client: nil)), .respond(Self.doneAnswer),
            .respond(Fixture.envelope(signUp, client: nil)), .respond(Fixture.envelope(signUp, client: nil)),
        ])
        let started = try await harness.client.startEmailCodeSignIn(emailAddress: jane)
        #expect(try await started.verifyEmailCode("424242").isComplete)
        let handle = SignUpHandle(client: harness.client, signUp: signUp)
        _ = try await handle.sendEmailCode()
        _ = try await handle.verifyEmailCode("424242")
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "email_code"), ("identifier", jane)])
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ins/sia_1/attempt_first_factor", form: [("strategy", "email_code"), ("code", "424242")])
        expectRequest(harness.requests[2], .post, "/v1/client/sign_ups/sua_1/prepare_verification", form: [("strategy", "email_code")])
        expectRequest(harness.requests[3], .post, "/v1/client/sign_ups/sua_1/attempt_verification", form: [("strategy", "email_code"), ("code", "424242")])
    }

    @Test("ClerkPhoneCode: start and verify; sign-up send and verify")
    func phoneCode() async throws {
        let prepared = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.phoneCode, next: .needsAttempt))
        let signUp = Fixture.signUp(status: .missingRequirements, unverified: [.phoneNumber])
        let harness = Harness([
            .respond(Fixture.envelope(prepared, client: nil)), .respond(Self.doneAnswer),
            .respond(Fixture.envelope(signUp, client: nil)), .respond(Fixture.envelope(signUp, client: nil)),
        ])
        let started = try await harness.client.startPhoneCodeSignIn(phoneNumber: "+15555550100")
        #expect(try await started.verifyPhoneCode("424242").isComplete)
        let handle = SignUpHandle(client: harness.client, signUp: signUp)
        _ = try await handle.sendPhoneCode()
        _ = try await handle.verifyPhoneCode("424242")
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "phone_code"), ("identifier", "+15555550100")])
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ins/sia_1/attempt_first_factor", form: [("strategy", "phone_code"), ("code", "424242")])
        expectRequest(harness.requests[2], .post, "/v1/client/sign_ups/sua_1/prepare_verification", form: [("strategy", "phone_code")])
        expectRequest(harness.requests[3], .post, "/v1/client/sign_ups/sua_1/attempt_verification", form: [("strategy", "phone_code"), ("code", "424242")])
    }

    @Test("ClerkTOTP and ClerkBackupCode: one attempt_second_factor each")
    func secondFactors() async throws {
        let mfa = SignInHandle(
            client: Harness().client, signIn: Fixture.signIn(status: .needsSecondFactor, second: [Fixture.totpFactor, Fixture.backupFactor]))
        let harness = Harness([.respond(Self.doneAnswer), .respond(Self.doneAnswer)])
        let handle = SignInHandle(client: harness.client, signIn: mfa.signIn)
        #expect(try await handle.verifyTOTP("123456").isComplete)
        #expect(try await handle.verifyBackupCode("abcd-efgh").isComplete)
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins/sia_1/attempt_second_factor", form: [("strategy", "totp"), ("code", "123456")])
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/attempt_second_factor", form: [("strategy", "backup_code"), ("code", "abcd-efgh")])
    }

    @Test("ClerkClientTrust: send by email when offered, verify with the strategy the code was sent by")
    func clientTrust() async throws {
        let trust = Fixture.signIn(status: .needsClientTrust, second: [Fixture.phoneFactor])
        let sent = Fixture.signIn(
            status: .needsClientTrust, second: [Fixture.phoneFactor], secondVerification: Fixture.verification(.phoneCode, next: .needsAttempt))
        let harness = Harness([.respond(Fixture.envelope(sent, client: nil)), .respond(Self.doneAnswer)])
        let afterSend = try await SignInHandle(client: harness.client, signIn: trust).sendClientTrustCode()
        #expect(try await afterSend.verifyClientTrustCode("424242").isComplete)
        expectRequest(
            harness.requests[0], .post, "/v1/client/sign_ins/sia_1/prepare_second_factor", form: [("strategy", "phone_code"), ("phone_number_id", "idn_phone")])
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ins/sia_1/attempt_second_factor", form: [("strategy", "phone_code"), ("code", "424242")])

        let none = Harness()
        let error = await clerkError {
            try await SignInHandle(client: none.client, signIn: Fixture.signIn(status: .needsClientTrust, second: [])).sendClientTrustCode()
        }
        #expect(error == .flow(.noApplicableStrategy(stage: .clientTrust, supported: [])))
        #expect(none.requests.isEmpty)
    }

    @Test("ClerkTransfer: start, verify, and transfer to a sign-up with details")
    func transfer() async throws {
        let started = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
        let signUp = Fixture.signUp(status: .complete, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(started, client: nil)),
            .respond(Fixture.error(404, .signUpIfMissingTransfer)),
            .respond(Fixture.envelope(signUp, client: Fixture.client(signUp: signUp, sessions: [Fixture.session()], lastActive: "sess_1"))),
        ])
        let signIn = try await harness.client.startSignUpIfMissing(identifier: jane)
        let result = try await signIn.verifySignUpIfMissing(code: "424242", details: SignUpDetails(legalAccepted: true))
        guard case .signedUp(let created) = result else {
            Issue.record("expected a sign-up")
            return
        }
        #expect(try await created.finalize().id == "sess_1")
        expectRequest(
            harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "email_code"), ("identifier", jane), ("sign_up_if_missing", "true")])
        expectRequest(harness.requests[2], .post, "/v1/client/sign_ups", form: [("transfer", "true"), ("legal_accepted", "true")])
        #expect(harness.requests.count == 3)
    }
}
