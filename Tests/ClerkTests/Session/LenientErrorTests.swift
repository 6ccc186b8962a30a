import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Errors a client must read whatever else is missing", .timeLimit(.minutes(10)))
struct LenientErrorTests {
    func failure(_ json: String, status: Int = 422) async -> (ClerkError?, SessionHarness) {
        let harness = SessionHarness([.respond(TransportResponse(status: status, json: json))])
        return (await clerkError { try await harness.client.createSignIn(.init(identifier: "jane")) }, harness)
    }

    @Test(
        "a code is enough: absent, null or oddly typed messages and meta still give .api with the code",
        arguments: [
            #"{"errors":[{"code":"form_identifier_not_found"}]}"#,
            #"{"errors":[{"code":"form_identifier_not_found","message":null,"long_message":null,"meta":null}]}"#,
            #"{"errors":[{"code":"form_identifier_not_found","message":7,"long_message":["x"],"meta":"identifier"}],"clerk_trace_id":42}"#,
            #"{"errors":[{"code":"form_identifier_not_found","meta":{"param_name":5}}],"meta":"nothing"}"#,
        ])
    func codeIsEnough(json: String) async throws {
        let (error, _) = await failure(json)
        let failure = try #require({ if case .api(let value) = error { value } else { nil } }())
        #expect(failure.errors.map(\.code) == [.formIdentifierNotFound])
        #expect(failure.errors.first?.message == "" && failure.errors.first?.longMessage == "")
        #expect(failure.httpStatus == 422 && failure.traceID == nil)
        #expect(failure.description == "Clerk API error 422: form_identifier_not_found")
    }

    /// The error shapes of `Tests/ClerkAPITests/Payloads`, which the decode benchmarks time through this path.
    static func payload(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ClerkAPITests/Payloads/\(name).json")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("every error shape Clerk sends gives .api with its codes, messages, meta and trace id")
    func realShapes() async throws {
        let bare = await failure(try Self.payload("error_bare"), status: 403).0
        #expect(bare?.apiErrors == [APIError(message: "Unauthorized request", longMessage: "", code: .authorizationInvalid)])
        #expect(bare?.traceID == nil && bare?.httpStatus == 403)
        let withMeta = await failure(try Self.payload("error_long_message_meta")).0
        #expect(withMeta?.apiErrors.first?.longMessage == "Incorrect code" && withMeta?.apiErrors.first?.meta?.paramName == "code")
        let traced = await failure(try Self.payload("error_trace_id"), status: 400).0
        #expect(traced?.code == .sessionExists && traced?.traceID == "5c4a3f6e2b1d4e7f9a8b0c1d2e3f4a5b")
        let full = await failure(try Self.payload("error_envelope")).0
        #expect(full?.code == .formPasswordIncorrect && full?.apiErrors.first?.meta?.paramName == "password")
        #expect(full?.traceID == "a1b2c3d4e5f6")
        let several = await failure(try Self.payload("error_several")).0
        #expect(several?.apiErrors.map(\.code) == [.formParamMissing, .formPasswordLengthTooShort, .formParamFormatInvalid])
        #expect(several?.apiErrors.map { $0.meta?.paramName } == ["first_name", "password", "email_address"])
        #expect(several?.traceID == "9f8e7d6c5b4a39281706f5e4d3c2b1a0")
    }

    @Test("the spec's ErrorResponse stays strict: the same answer does not decode with it")
    func generatedTypeFollowsSpec() {
        let json = Data(#"{"errors":[{"code":"form_identifier_not_found"}]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ErrorResponse.self, from: json) }
    }

    @Test("messages and meta that are there are kept; elements without a code are skipped")
    func keepsWhatIsThere() async throws {
        let json =
            #"{"errors":[{"message":"no code"},{"code":"form_param_missing","message":"m","meta":{"param_name":"password","extra":true}},"junk"],"clerk_trace_id":"t"}"#
        let (error, _) = await failure(json)
        #expect(error?.apiErrors.map(\.code) == [.formParamMissing])
        #expect(error?.apiErrors.first?.message == "m" && error?.apiErrors.first?.longMessage == "")
        #expect(error?.apiErrors.first?.meta?.paramName == "password")
        #expect(error?.apiErrors.first?.meta?.additionalProperties["extra"] == true)
        #expect(error?.traceID == "t")
        #expect(error?.description.contains("form_param_missing: m (param password)") == true)
    }

    @Test(
        "a body with no recognisable error list is undecodable",
        arguments: [
            #"{"message":"not here"}"#, #"{"errors":"broken"}"#, #"{"errors":[{"message":"no code"},{"code":7}]}"#, #"[]"#,
        ])
    func noErrorList(json: String) async {
        let (error, _) = await failure(json, status: 404)
        #expect(error?.isUndecodable == true, "\(String(describing: error))")
    }

    @Test("an empty error list is still an API error")
    func emptyList() async {
        let (error, _) = await failure(#"{"errors":[]}"#, status: 400)
        #expect(error == .api(APIFailure(errors: [], httpStatus: 400)))
    }

    @Test("meta.client is applied when readable and ignored when not, without hiding the error")
    func metaClient() async throws {
        let client = Fixture.json(SessionFixture.signedIn())
        let (readable, harness) = await failure(#"{"errors":[{"code":"session_exists"}],"meta":{"client":\#(client)}}"#, status: 400)
        #expect(readable?.code == .sessionExists)
        #expect(await harness.client.activeSession?.id == "sess_1")
        let (unreadable, other) = await failure(#"{"errors":[{"code":"session_exists"}],"meta":{"client":{"object":"client"}}}"#, status: 400)
        #expect(unreadable?.code == .sessionExists)
        #expect(await other.client.client == nil)
    }
}
