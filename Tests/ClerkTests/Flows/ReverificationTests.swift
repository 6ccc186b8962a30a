import ClerkEmailCode
import ClerkPassword
import ClerkPhoneCode
import ClerkTOTP
import ClerkTesting
import Testing

@testable import Clerk

extension Fixture {
    static let reverifiedSession = ReverifiedSession(id: "sess_1", status: .active, expireAt: time, abandonAt: time, lastActiveAt: time)

    static func reverification(
        _ status: SessionReverificationStatus, level: SessionReverificationLevel = .firstFactor,
        first: [SignInFactor]? = [passwordFactor, emailFactor], second: [SignInFactor]? = nil
    ) -> TransportResponse {
        envelope(
            SessionReverification(
                level: level, status: status, supportedFirstFactors: first, supportedSecondFactors: second, session: reverifiedSession),
            client: signedIn())
    }
}

@Suite("Re-verification")
struct ReverificationTests {
    @Test("first factor by password: verify {level}, then attempt_first_factor {strategy: password, password}")
    func password() async throws {
        let harness = try await signedInHarness([.respond(Fixture.reverification(.needsFirstFactor)), .respond(Fixture.reverification(.complete))])
        let (driver, script, events) = try makeDriver(harness, [PasswordStrategy()], answers: [.password("hunter2-Secret")])
        let result = try await driver.reverify(level: .firstFactor)
        #expect(result.isComplete)
        let requests = harness.accountRequests
        #expect(requests.count == 2)
        expectRequest(requests[0], .post, "/v1/client/sessions/sess_1/verify", form: [("level", "first_factor")])
        expectRequest(
            requests[1], .post, "/v1/client/sessions/sess_1/verify/attempt_first_factor",
            form: [("strategy", "password"), ("password", "hunter2-Secret")])
        #expect(script.questions.count == 1)
        #expect(events.values.first == .reverificationStarted(.firstFactor))
        #expect(events.values.last == .reverified)
    }

    @Test("multi-factor with an email code and a TOTP: prepare and attempt each, a wrong code asked again")
    func multiFactor() async throws {
        let needsSecond = Fixture.reverification(.needsSecondFactor, level: .multiFactor, first: nil, second: [Fixture.totpFactor])
        let harness = try await signedInHarness([
            .respond(Fixture.reverification(.needsFirstFactor, level: .multiFactor, first: [Fixture.emailFactor])),
            .respond(Fixture.reverification(.needsFirstFactor, level: .multiFactor, first: [Fixture.emailFactor])),
            .respond(Fixture.error(422, .formCodeIncorrect, param: "code")),
            .respond(needsSecond),
            .respond(Fixture.reverification(.complete, level: .multiFactor)),
        ])
        let (driver, script, _) = try makeDriver(
            harness, [EmailCodeStrategy(), TOTPStrategy()], answers: [.code("000000"), .code("424242"), .code("123456")])
        _ = try await driver.reverify(level: .multiFactor)
        let requests = harness.accountRequests
        expectRequest(requests[0], .post, "/v1/client/sessions/sess_1/verify", form: [("level", "multi_factor")])
        expectRequest(
            requests[1], .post, "/v1/client/sessions/sess_1/verify/prepare_first_factor",
            form: [("strategy", "email_code"), ("email_address_id", "idn_email")])
        expectRequest(
            requests[2], .post, "/v1/client/sessions/sess_1/verify/attempt_first_factor", form: [("strategy", "email_code"), ("code", "000000")])
        expectRequest(
            requests[3], .post, "/v1/client/sessions/sess_1/verify/attempt_first_factor", form: [("strategy", "email_code"), ("code", "424242")])
        expectRequest(
            requests[4], .post, "/v1/client/sessions/sess_1/verify/attempt_second_factor", form: [("strategy", "totp"), ("code", "123456")])
        #expect(requests.count == 5)
        #expect(script.questions.last == .code(CodePrompt(stage: .secondFactor, strategy: .totp)))
    }

    @Test("a phone code second factor is prepared with phone_number_id")
    func phoneSecondFactor() async throws {
        let harness = try await signedInHarness([
            .respond(Fixture.reverification(.needsSecondFactor, level: .secondFactor, first: nil, second: [Fixture.phoneFactor])),
            .respond(Fixture.reverification(.needsSecondFactor, level: .secondFactor, first: nil, second: [Fixture.phoneFactor])),
            .respond(Fixture.reverification(.complete, level: .secondFactor)),
        ])
        let (driver, _, _) = try makeDriver(harness, [PhoneCodeStrategy()], answers: [.code("424242")])
        _ = try await driver.reverify(level: .secondFactor)
        expectRequest(
            harness.accountRequests[1], .post, "/v1/client/sessions/sess_1/verify/prepare_second_factor",
            form: [("strategy", "phone_code"), ("phone_number_id", "idn_phone")])
    }

    @Test("no session: refused before any request")
    func noSession() async throws {
        let harness = Harness([])
        let (driver, _, _) = try makeDriver(harness, [PasswordStrategy()], answers: [])
        let error = await clerkError { try await driver.reverify() }
        #expect(error == .flow(.noSession))
        #expect(harness.requests.isEmpty)
    }

    @Test("an account action refused with session_reverification_required re-verifies and is sent once more")
    func retryOnce() async throws {
        let user = Fixture.user()
        let harness = try await signedInHarness([
            .respond(Fixture.error(403, .sessionReverificationRequired)),
            .respond(Fixture.reverification(.needsFirstFactor, level: .secondFactor)),
            .respond(Fixture.reverification(.complete, level: .secondFactor)),
            .respond(Fixture.account(user)),
        ])
        let (driver, _, _) = try makeDriver(harness, [PasswordStrategy()], answers: [.password("old-Secret-1")])
        let account = try await harness.client.account().reverifying(with: driver)
        _ = try await account.changePassword(current: "old-Secret-1", new: "new-Secret-2")
        let paths = harness.accountRequests.map(\.path)
        #expect(
            paths == [
                "/v1/me/change_password", "/v1/client/sessions/sess_1/verify", "/v1/client/sessions/sess_1/verify/attempt_first_factor",
                "/v1/me/change_password",
            ])
        #expect(harness.accountRequests[0].form == harness.accountRequests[3].form)
        expectRequest(harness.accountRequests[1], .post, "/v1/client/sessions/sess_1/verify", form: [("level", "second_factor")])
    }

    @Test("the retry happens once: a second refusal is thrown")
    func onlyOnce() async throws {
        let harness = try await signedInHarness([
            .respond(Fixture.error(403, .sessionReverificationRequired)),
            .respond(Fixture.reverification(.complete)),
            .respond(Fixture.error(403, .sessionReverificationRequired)),
        ])
        let (driver, _, _) = try makeDriver(harness, [PasswordStrategy()], answers: [])
        let account = try await harness.client.account().reverifying(with: driver, level: .firstFactor)
        let error = await clerkError { try await account.changePassword(current: "a-Secret-1", new: "b-Secret-2") }
        #expect(error?.code == .sessionReverificationRequired)
        #expect(harness.accountRequests.count == 3)
    }

    @Test("without opting in, session_reverification_required is thrown at once")
    func notOptedIn() async throws {
        let harness = try await signedInHarness([.respond(Fixture.error(403, .sessionReverificationRequired))])
        let error = await clerkError { try await harness.client.account().changePassword(current: "a-Secret-1", new: "b-Secret-2") }
        #expect(error?.code == .sessionReverificationRequired)
        #expect(harness.accountRequests.count == 1)
    }
}
