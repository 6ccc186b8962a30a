import ClerkAPI
import Foundation
import Testing

@Suite("Session re-verification decodes and its requests encode as the spec names them")
struct ReverificationDecodingTests {
    @Test func reverificationEnvelope() throws {
        let envelope = try JSONDecoder().decode(
            StartSessionReverificationRequest.Response.self, from: Data(Payloads.sessionReverificationEnvelope.utf8))
        let reverification = envelope.response
        #expect(reverification.level == .multiFactor)
        #expect(reverification.status == .needsSecondFactor)
        #expect(reverification.supportedFirstFactors == nil)
        #expect(reverification.supportedSecondFactors?.map(\.strategy) == [.totp, .phoneCode])
        #expect(reverification.firstFactorVerification?.status == .verified)
        #expect(reverification.session.id == "sess_1" && reverification.session.status == .active)
        #expect(envelope.client == nil)
    }

    @Test func requests() {
        let start = StartSessionReverificationRequest(sessionID: "sess_1", body: .init(level: .secondFactor))
        #expect(start.path == "/v1/client/sessions/sess_1/verify")
        #expect(start.body.formFields() == FormFields([FormField("level", "second_factor")]))
        let attempt = AttemptSessionReverificationFirstFactorRequest(sessionID: "sess_1", body: .init(strategy: .password, password: "pw"))
        #expect(attempt.path == "/v1/client/sessions/sess_1/verify/attempt_first_factor")
        #expect(!String(describing: attempt.body).contains("pw"))
        #expect(
            PrepareSessionReverificationSecondFactorRequest(sessionID: "sess_1", body: .init()).path
                == "/v1/client/sessions/sess_1/verify/prepare_second_factor")
        #expect(Strategy.oauthTokenApple.rawValue == "oauth_token_apple" && Strategy.oauthTokenGoogle.rawValue == "oauth_token_google")
    }
}
