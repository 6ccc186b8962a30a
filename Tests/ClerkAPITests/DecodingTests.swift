import ClerkAPI
import Foundation
import Testing

@Suite("Generated models decode real-shaped answers")
struct DecodingTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func signInNeedingASecondFactor() throws {
        let envelope = try decode(AttemptSignInFirstFactorRequest.Response.self, Payloads.signInNeedsSecondFactorEnvelope)
        let signIn = envelope.response
        #expect(signIn.status == .needsSecondFactor)
        #expect(signIn.supportedIdentifiers == [.emailAddress, .password])
        #expect(signIn.supportedSecondFactors?.map(\.strategy) == [.totp, .backupCode, .phoneCode])
        #expect(signIn.supportedSecondFactors?.last?.phoneNumberID == "idn_phone1")
        #expect(signIn.supportedSecondFactors?.last?.default == true)
        #expect(signIn.firstFactorVerification?.status == .verified && signIn.firstFactorVerification?.expireAt == nil)
        #expect(signIn.locale == nil && signIn.clientTrustState == .known)
        #expect(envelope.client?.signIn?.id == "sia_2abc")
    }

    @Test func completedSignInWithSessionAndUser() throws {
        let envelope = try decode(CreateSignInRequest.Response.self, Payloads.completedSignIn)
        #expect(envelope.response.status == .complete && envelope.response.createdSessionID == "sess_2abc")
        let client = try #require(envelope.client)
        #expect(client.lastActiveSessionID == "sess_2abc")
        let session = try #require(client.sessions.first)
        #expect(session.status == .active && session.user?.primaryEmailAddressID == "idn_email1")
        #expect(session.user?.emailAddresses.first?.verification?.strategy == .emailCode)
        #expect(session.user?.unsafeMetadata == ["plan": "pro"])
        #expect(session.lastActiveToken?.jwt.hasPrefix("eyJ") == true)
        #expect(session.expireAt.date > session.createdAt.date)
    }

    @Test func signUpWithMissingRequirementsFromMetaClient() throws {
        let envelope = try decode(CreateSignUpRequest.Response.self, Payloads.signUpMissingRequirementsEnvelope)
        let signUp = envelope.response
        #expect(signUp.status == .missingRequirements)
        #expect(signUp.missingFields == [.legalAccepted] && signUp.unverifiedFields == [.emailAddress])
        #expect(signUp.verifications.emailAddress?.nextAction == .needsAttempt)
        #expect(signUp.verifications.emailAddress?.supportedStrategies == [.emailCode])
        #expect(signUp.hasPassword == true && signUp.passwordEnabled)
        #expect(envelope.client?.signUp?.id == "sua_2abc")
    }

    @Test func errorEnvelope() throws {
        let response = try decode(ErrorResponse.self, Payloads.errorEnvelope)
        let error = try #require(response.errors.first)
        #expect(error.code == .formPasswordIncorrect && error.meta?.paramName == "password")
        #expect(response.clerkTraceID == "a1b2c3d4e5f6")
        #expect(error.code.httpStatus == 422)
    }

    @Test func errorShapesTheSpecAllows() throws {
        let withMeta = try decode(ErrorResponse.self, Payloads.errorLongMessageAndMeta)
        #expect(withMeta.errors.map(\.code) == [.formCodeIncorrect] && withMeta.errors.first?.meta?.paramName == "code")
        #expect(withMeta.errors.first?.longMessage == "Incorrect code" && withMeta.clerkTraceID == nil)
        #expect(withMeta.meta == ErrorResponseMeta())
        let traced = try decode(ErrorResponse.self, Payloads.errorTraceID)
        #expect(traced.errors.map(\.code) == [.sessionExists] && traced.errors.first?.meta == nil && traced.meta == nil)
        #expect(traced.clerkTraceID == "5c4a3f6e2b1d4e7f9a8b0c1d2e3f4a5b")
        let several = try decode(ErrorResponse.self, Payloads.errorSeveral)
        #expect(several.errors.map(\.code) == [.formParamMissing, .formPasswordLengthTooShort, .formParamFormatInvalid])
        #expect(several.errors.map { $0.meta?.paramName } == ["first_name", "password", "email_address"])
        // Clerk leaves out an empty long_message; the spec requires it, so only the client's lenient reading takes this.
        #expect(throws: DecodingError.self) { try decode(ErrorResponse.self, Payloads.errorBare) }
    }

    @Test func errorMetaKeepsKeysItDoesNotName() throws {
        let json =
            #"{"errors":[{"message":"m","long_message":"l","code":"form_password_validation_failed","meta":{"param_name":"password","zxcvbn":{"suggestions":[{"code":"useWords"}]}}}],"meta":{"client":null,"extra":1}}"#
        let response = try decode(ErrorResponse.self, json)
        let meta = try #require(response.errors.first?.meta)
        #expect(meta.paramName == "password")
        #expect(meta.additionalProperties["zxcvbn"]?["suggestions"] == [["code": "useWords"]])
        #expect(response.meta?.additionalProperties == ["extra": 1])
        #expect(try decode(ErrorResponse.self, String(decoding: try JSONEncoder().encode(response), as: UTF8.self)) == response)
    }

    @Test func olderEnvironmentDecodesLeniently() throws {
        let environment = try decode(GetEnvironmentRequest.Response.self, Payloads.olderEnvironment)
        #expect(environment.authConfig?.singleSessionMode == true)
        #expect(environment.authConfig?.firstFactors == nil)
        #expect(environment.userSettings?.attributes?.emailAddress?.verifyAtSignUp == true)
        #expect(environment.userSettings?.attributes?.phoneNumber == nil)
        #expect(environment.userSettings?.signUp?.mode == .public && environment.userSettings?.signUp?.legalConsentEnabled == true)
        #expect(environment.userSettings?.passwordSettings?.minLength == 8)
        #expect(environment.displayConfig?.applicationName == "Demo")
    }

    @Test func tokenIsBareAndSecret() throws {
        let token = try decode(CreateSessionTokenRequest.Response.self, Payloads.token)
        #expect(token.jwt.hasPrefix("eyJ"))
        var dumped = ""
        dump(token, to: &dumped)
        #expect(!dumped.contains(token.jwt) && !String(describing: token).contains(token.jwt))
    }

    @Test func everyStatusDecodes() throws {
        for status in SignInStatus.knownValues {
            let json = Payloads.signInNeedsSecondFactor.replacingOccurrences(of: "\"needs_second_factor\"", with: "\"\(status.rawValue)\"")
            #expect(try decode(SignIn.self, json).status == status)
        }
        for status in SignUpStatus.knownValues {
            let json = Payloads.signUpMissingRequirements.replacingOccurrences(of: "\"missing_requirements\"", with: "\"\(status.rawValue)\"")
            #expect(try decode(SignUp.self, json).status == status)
        }
        for status in SessionStatus.knownValues {
            let json = Payloads.session.replacingOccurrences(of: "\"status\":\"active\"", with: "\"status\":\"\(status.rawValue)\"")
            #expect(try decode(Session.self, json).status == status)
        }
        for status in VerificationStatus.knownValues {
            let json = #"{"status":"\#(status.rawValue)","strategy":"email_code"}"#
            #expect(try decode(Verification.self, json).status == status)
        }
        #expect(SignInStatus.knownValues.count == 8 && SessionStatus.knownValues.count == 8 && VerificationStatus.knownValues.count == 5)
    }

    @Test func unknownValuesAndExtraFieldsNeverBreakDecoding() throws {
        let json = Payloads.signInNeedsSecondFactor
            .replacingOccurrences(of: "\"needs_second_factor\"", with: "\"needs_quantum_check\"")
            .replacingOccurrences(of: "{\"strategy\":\"totp\"}", with: "{\"strategy\":\"oauth_new_provider\",\"brand_new_field\":{\"x\":1}}")
            .replacingOccurrences(of: "\"locale\":null", with: "\"locale\":null,\"future_field\":[1,2,3]")
        let signIn = try decode(SignIn.self, json)
        #expect(signIn.status == "needs_quantum_check" && !signIn.status.isKnown)
        #expect(signIn.supportedSecondFactors?.first?.strategy == "oauth_new_provider")
        let reencoded = try decode(SignIn.self, String(decoding: try JSONEncoder().encode(signIn), as: UTF8.self))
        #expect(reencoded == signIn)
    }

    @Test func missingOptionalFieldsNeverFail() throws {
        let minimal = #"{"object":"sign_in_attempt","id":"sia_1","status":"needs_identifier","supported_identifiers":[],"abandon_at":1}"#
        let signIn = try decode(SignIn.self, minimal)
        #expect(signIn.supportedFirstFactors == nil && signIn.identifier == nil && signIn.userData == nil)
    }

    @Test func aMissingRequiredFieldFailsNamingItsPath() throws {
        let json = Payloads.completedSignIn.replacingOccurrences(of: "\"abandon_at\":1700776800000,\"locale\":\"en-US\"", with: "\"locale\":\"en-US\"")
        do {
            _ = try decode(CreateSignInRequest.Response.self, json)
            Issue.record("decoded a sign-in without abandon_at")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "abandon_at")
            #expect(context.codingPath.map(\.stringValue) == ["response"])
        }
    }

    @Test func payloadsRoundTrip() throws {
        for (name, json) in Payloads.all {
            func check<T: Codable & Equatable>(_ type: T.Type) throws {
                let value = try decode(type, json)
                let again = try JSONDecoder().decode(type, from: try JSONEncoder().encode(value))
                #expect(again == value, "\(name) did not round-trip")
            }
            switch name {
            case "error envelope": try check(ErrorResponse.self)
            case "older environment": try check(EnvironmentResource.self)
            case "token": try check(TokenResource.self)
            case "session": try check(Session.self)
            case "user": try check(User.self)
            case "sign-up missing requirements": try check(ClientEnvelope<SignUp, ClientResource>.self)
            case "session re-verification": try check(ClientEnvelope<SessionReverification, ClientResource>.self)
            default: try check(ClientEnvelope<SignIn, ClientResource>.self)
            }
        }
    }
}
