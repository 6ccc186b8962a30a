import ClerkAPI
import Foundation
import Testing

/// The README's example of the generated API layer, run as written.
@Suite("README: the generated API layer")
struct ReadmeAPILayerTests {
    @Test("a request body encodes to the form the API reads, and an error answer decodes to typed codes")
    func apiLayer() throws {
        let request = CreateSignInRequest(body: .init(identifier: "jane+clerk_test@example.com", password: "correct horse"))
        let form = request.body.formFields().percentEncoded()
        // "identifier=jane%2Bclerk_test%40example.com&password=correct%20horse"

        let answer = Data(
            """
            {"errors": [{"code": "form_password_incorrect", "message": "Password is incorrect.",
                         "long_message": "Password is incorrect. Try again, or use another method.",
                         "meta": {"param_name": "password"}}]}
            """.utf8)
        let error = try JSONDecoder().decode(ErrorResponse.self, from: answer).errors[0]
        // error.code == .formPasswordIncorrect, error.meta?.paramName == "password", ClerkErrorCode.formPasswordIncorrect.httpStatus == 422

        #expect(form == "identifier=jane%2Bclerk_test%40example.com&password=correct%20horse")
        #expect(error.code == .formPasswordIncorrect)
        #expect(error.meta?.paramName == "password")
        #expect(ClerkErrorCode.formPasswordIncorrect.httpStatus == 422)
        #expect(CreateSignInRequest.method == .post && CreateSignInRequest.pathTemplate == "/v1/client/sign_ins")
    }
}
