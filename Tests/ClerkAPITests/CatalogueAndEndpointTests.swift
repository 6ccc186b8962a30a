import ClerkAPI
import Foundation
import Testing

@Suite("Error catalogue and endpoint descriptions")
struct CatalogueAndEndpointTests {
    @Test(arguments: [
        (ClerkErrorCode.formIdentifierNotFound, 422), (.formPasswordIncorrect, 422), (.formCodeIncorrect, 422),
        (.verificationExpired, 400), (.verificationFailed, 400), (.signUpIfMissingTransfer, 404), (.userLocked, 403),
        (.tooManyRequests, 429), (.authenticationInvalid, 401), (.sessionExists, 400), (.noSecondFactors, 400),
    ])
    func wireErrorCodesCarryTheirStatus(code: ClerkErrorCode, status: Int) {
        #expect(code.httpStatus == status)
        #expect(code.isKnown)
    }

    @Test func catalogueKeepsEveryVariant() {
        #expect(ClerkErrorCode.knownValues.count == 388)
        #expect(ClerkErrorCode.resourceNotFound.variants.count == 12)
        #expect(ClerkErrorCode.resourceNotFound.variants.contains { $0.name == "SignInNotFound" })
        #expect(ClerkErrorCode(rawValue: "brand_new_error").variants.isEmpty)
    }

    @Test func createSignInWithPasswordIsOneFormRequest() {
        let request = CreateSignInRequest(body: .init(identifier: "jane+clerk_test@example.com", password: "correct horse"))
        #expect(CreateSignInRequest.method == .post && request.path == "/v1/client/sign_ins")
        #expect(request.body.formFields().percentEncoded() == "identifier=jane%2Bclerk_test%40example.com&password=correct%20horse")
        #expect(!String(describing: request).contains("correct horse"))
    }

    @Test func attemptsAreNeverSafeToRetryButReadsAre() {
        #expect(!AttemptSignInFirstFactorRequest.isSafeToRetry && !AttemptSignInSecondFactorRequest.isSafeToRetry)
        #expect(!AttemptSignUpVerificationRequest.isSafeToRetry && !CreateSignInRequest.isSafeToRetry)
        #expect(GetClientRequest.isSafeToRetry && GetEnvironmentRequest.isSafeToRetry && CreateSessionTokenRequest.isSafeToRetry)
    }

    @Test func pathParametersAreEscaped() {
        #expect(
            AttemptSignInSecondFactorRequest(signInID: "sia_1/../../x", body: .init(strategy: .totp, code: "123456")).path
                == "/v1/client/sign_ins/sia_1%2F..%2F..%2Fx/attempt_second_factor")
        #expect(TouchSessionRequest(sessionID: "sess_1").path == "/v1/client/sessions/sess_1/touch")
        #expect(UpdateSignUpRequest.method == .patch && DeleteClientRequest.method == .delete)
    }

    @Test func signUpBodyCarriesNestedJSONAndBooleans() throws {
        let body = CreateSignUpRequest.Body(transfer: true, unsafeMetadata: ["referrer": "docs"], legalAccepted: true)
        #expect(body.formFields().percentEncoded() == "transfer=true&unsafe_metadata=%7B%22referrer%22%3A%22docs%22%7D&legal_accepted=true")
        let decoded = try CreateSignUpRequest.Body(form: FormFields(percentEncoded: "transfer=1&legal_accepted=0&strategy=password"))
        #expect(decoded.transfer == true && decoded.legalAccepted == false && decoded.strategy == .password)
    }

    @Test func serverSideDecodingNamesTheParameter() {
        #expect(throws: FormDecodingError.missing(parameter: "strategy")) {
            try PrepareSignInFirstFactorRequest.Body(form: [FormField("email_address_id", "idn_1")])
        }
        #expect(throws: FormDecodingError.unknown(parameter: "pasword")) { try CreateSignInRequest.Body(form: [FormField("pasword", "x")]) }
    }
}
