import ClerkEmailCode
import ClerkPhoneCode
import ClerkTransfer
import Testing

@testable import Clerk

@Suite("Sign-up and signUpIfMissing flows")
struct SignUpFlowTests {
    static let doneSignUp = Fixture.signUp(status: .complete, session: "sess_1")
    static let doneAnswer = Fixture.envelope(doneSignUp, client: Fixture.client(signUp: doneSignUp, sessions: [Fixture.session()], lastActive: "sess_1"))

    @Test("email + password sign-up: create, prepare the email code, verify it")
    func emailSignUp() async throws {
        let created = Fixture.signUp(status: .missingRequirements, unverified: [.emailAddress], email: Fixture.verification(.emailCode, next: .needsPrepare))
        let prepared = Fixture.signUp(status: .missingRequirements, unverified: [.emailAddress], email: Fixture.verification(.emailCode, next: .needsAttempt))
        let harness = Harness([
            .respond(Fixture.envelope(created, client: Fixture.client(signUp: created))),
            .respond(Fixture.envelope(prepared, client: Fixture.client(signUp: prepared))),
            .respond(Self.doneAnswer),
        ])
        let (driver, script, events) = try makeDriver(
            harness, [EmailCodeStrategy()],
            answers: [
                .details(SignUpDetails(emailAddress: jane, password: "hunter2-Secret")), .code("424242"),
            ])
        let session = try await driver.signUp()
        #expect(session.id == "sess_1")
        #expect(!session.neededRequest)
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ups", form: [("password", "hunter2-Secret"), ("email_address", jane)])
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ups/sua_1/prepare_verification", form: [("strategy", "email_code")])
        expectRequest(harness.requests[2], .post, "/v1/client/sign_ups/sua_1/attempt_verification", form: [("strategy", "email_code"), ("code", "424242")])
        #expect(harness.requests.count == 3)
        #expect(script.questions == [.signUpDetails, .code(CodePrompt(stage: .signUpVerification, strategy: .emailCode, sentTo: jane))])
        #expect(events.values.contains(.signUpStatus(.missingRequirements, missing: [], unverified: [.emailAddress])))
    }

    @Test("a password the instance refuses at sign-up is asked again as a new password, not the whole flow")
    func weakPasswordAskedAgain() async throws {
        let pwned = Fixture.error(422, .formPasswordPwned, param: "password")
        let harness = Harness([.respond(pwned), .respond(Self.doneAnswer)])
        let (driver, script, _) = try makeDriver(
            harness, [EmailCodeStrategy()],
            answers: [.details(SignUpDetails(emailAddress: jane, password: "password1")), .password("a-long-Secret-42")])
        let session = try await driver.signUp()
        #expect(session.id == "sess_1")
        #expect(script.questions.count == 2)
        guard case .newPassword(let retry)? = script.questions.last else {
            Issue.record("expected a new-password question, got \(script.questions)")
            return
        }
        #expect(retry?.code == .formPasswordPwned)
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ups", form: [("password", "a-long-Secret-42"), ("email_address", jane)])
    }

    @Test("a refusal of another field at sign-up still ends the flow with the API's error")
    func otherFieldRefused() async throws {
        let harness = Harness([.respond(Fixture.error(422, .formIdentifierExists, param: "email_address"))])
        let (driver, _, _) = try makeDriver(
            harness, [EmailCodeStrategy()], answers: [.details(SignUpDetails(emailAddress: jane, password: "a-long-Secret-42"))])
        #expect(await clerkError { try await driver.signUp() }?.code == .formIdentifierExists)
        #expect(harness.requests.count == 1)
    }

    @Test("missing fields are asked and supplied with PATCH")
    func missingFields() async throws {
        let missing = Fixture.signUp(status: .missingRequirements, missing: [.legalAccepted, .firstName])
        let harness = Harness([.respond(Fixture.envelope(missing, client: Fixture.client(signUp: missing))), .respond(Self.doneAnswer)])
        let (driver, script, events) = try makeDriver(
            harness, [EmailCodeStrategy()],
            answers: [
                .details(SignUpDetails(emailAddress: jane)), .details(SignUpDetails(firstName: "Jane", legalAccepted: true)),
            ])
        _ = try await driver.signUp()
        #expect(script.questions.last == .missingFields([.legalAccepted, .firstName]))
        expectRequest(harness.requests[1], .patch, "/v1/client/sign_ups/sua_1", form: [("first_name", "Jane"), ("legal_accepted", "true")])
        #expect(events.values.contains(.fieldsSupplied([.legalAccepted, .firstName])))
    }

    @Test("an unverified field with no registered strategy is a flow error")
    func noVerifier() async throws {
        let created = Fixture.signUp(status: .missingRequirements, unverified: [.phoneNumber], phone: Fixture.verification(.phoneCode, next: .needsPrepare))
        let harness = Harness([.respond(Fixture.envelope(created, client: Fixture.client(signUp: created)))])
        let (driver, _, _) = try makeDriver(harness, [EmailCodeStrategy()], answers: [])
        let error = await clerkError { try await driver.signUp(SignUpDetails(phoneNumber: "+15555550100")) }
        #expect(error == .flow(.noApplicableStrategy(stage: .signUpVerification, supported: [.phoneCode])))
    }

    @Test("signUpIfMissing, new user: start (code sent), verify, transfer, accept terms — four requests")
    func transferNewUser() async throws {
        let started = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
        let transferable = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, .transferable))
        let needsTerms = Fixture.signUp(status: .missingRequirements, missing: [.legalAccepted])
        let harness = Harness([
            .respond(Fixture.envelope(started, client: Fixture.client(signIn: started))),
            .respond(Fixture.error(404, .signUpIfMissingTransfer, client: Fixture.client(signIn: transferable))),
            .respond(Fixture.envelope(needsTerms, client: Fixture.client(signIn: transferable, signUp: needsTerms))),
            .respond(Self.doneAnswer),
        ])
        let (driver, script, events) = try makeDriver(
            harness, [SignUpIfMissingStrategy()],
            answers: [
                .identifier(jane), .code("424242"), .details(SignUpDetails(legalAccepted: true)),
            ])
        let session = try await driver.signIn()
        #expect(session.id == "sess_1")
        #expect(harness.requests.count == 4)
        expectRequest(
            harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "email_code"), ("identifier", jane), ("sign_up_if_missing", "true")])
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ins/sia_1/attempt_first_factor", form: [("strategy", "email_code"), ("code", "424242")])
        expectRequest(harness.requests[2], .post, "/v1/client/sign_ups", form: [("transfer", "true")])
        expectRequest(harness.requests[3], .patch, "/v1/client/sign_ups/sua_1", form: [("legal_accepted", "true")])
        #expect(script.questions.last == .missingFields([.legalAccepted]))
        #expect(events.values.contains(.transferringToSignUp))
        #expect(!events.values.contains { if case .credentialRejected = $0 { true } else { false } })
    }

    @Test("signUpIfMissing, existing user: two requests, no sign-up")
    func transferExistingUser() async throws {
        let started = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
        let done = Fixture.signIn(status: .complete, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(started, client: Fixture.client(signIn: started))),
            .respond(Fixture.envelope(done, client: Fixture.completedClient(done))),
        ])
        let (driver, _, events) = try makeDriver(harness, [SignUpIfMissingStrategy()], answers: [.identifier(jane), .code("424242")])
        _ = try await driver.signIn()
        #expect(harness.requests.count == 2)
        #expect(!events.values.contains(.transferringToSignUp))
    }

    @Test("sign_up_if_missing_transfer is not a transfer for a plain email code strategy")
    func noTransferWithoutStrategy() async throws {
        let started = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
        let harness = Harness([
            .respond(Fixture.envelope(started, client: Fixture.client(signIn: started))),
            .respond(Fixture.error(404, .signUpIfMissingTransfer)),
        ])
        let (driver, _, _) = try makeDriver(harness, [EmailCodeStrategy()], answers: [.identifier(jane), .code("424242")])
        #expect(await clerkError { try await driver.signIn() }?.code == .signUpIfMissingTransfer)
        #expect(harness.requests.count == 2)
    }

    @Test("a transferable sign-in found on resume goes straight to the sign-up")
    func resumeTransferable() async throws {
        let transferable = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, .transferable))
        let harness = Harness([.respond(Self.doneAnswer)])
        let (driver, _, _) = try makeDriver(harness, [SignUpIfMissingStrategy()], answers: [])
        _ = try await driver.drive(SignInHandle(client: harness.client, signIn: transferable))
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ups", form: [("transfer", "true")])
    }

    @Test("signUpIfMissing by phone validates E.164 before any request")
    func transferPhone() async throws {
        let harness = Harness()
        let (driver, _, _) = try makeDriver(harness, [SignUpIfMissingStrategy(.phoneCode)], answers: [.identifier("0100")])
        #expect({ if case .invalidInput = $0 { true } else { false } }(await clerkError { try await driver.signIn() }))
        #expect(harness.requests.isEmpty)
    }
}
