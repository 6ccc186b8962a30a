import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Error mapping")
struct ErrorMappingTests {
    func send(_ step: ScriptedTransport.Step) async -> (ClerkError?, Harness) {
        let harness = Harness([step], retry: .none)
        let error = await clerkError { try await harness.client.createSignIn(.init(identifier: "jane")) }
        return (error, harness)
    }

    @Test("an error envelope becomes .api with codes, messages, param, status and trace id")
    func apiError() async throws {
        let (error, _) = await send(
            .respond(Fixture.error(422, .formIdentifierNotFound, message: "Couldn't find your account.", param: "identifier", trace: "trace_abc")))
        let failure = try #require({ if case .api(let f) = error { f } else { nil } }())
        #expect(failure.httpStatus == 422)
        #expect(failure.traceID == "trace_abc")
        #expect(failure.errors.first?.code == .formIdentifierNotFound)
        #expect(failure.errors.first?.message == "Couldn't find your account.")
        #expect(failure.errors.first?.longMessage == "Couldn't find your account. (long)")
        #expect(failure.errors.first?.meta?.paramName == "identifier")
        #expect(error?.code == .formIdentifierNotFound)
        #expect(error?.httpStatus == 422)
        #expect(error?.traceID == "trace_abc")
        #expect(error?.description.contains("form_identifier_not_found") == true)
    }

    @Test("several errors keep their order; unknown codes stay readable")
    func severalErrors() async throws {
        let json =
            #"{"errors":[{"code":"form_param_missing","message":"m1","long_message":"l1","meta":{"param_name":"password"}},{"code":"brand_new_code","message":"m2","long_message":"l2"}],"clerk_trace_id":"t"}"#
        let (error, _) = await send(.respond(TransportResponse(status: 422, json: json)))
        #expect(error?.apiErrors.map(\.code.rawValue) == ["form_param_missing", "brand_new_code"])
        #expect(error?.apiErrors.last?.code.isKnown == false)
        #expect(error?.hasCode("brand_new_code") == true)
    }

    @Test("a 429 carries Retry-After (seconds or HTTP date)")
    func retryAfter() async throws {
        let (error, _) = await send(.respond(Fixture.error(429, .tooManyRequests, headers: ["Retry-After": "7"])))
        #expect(error?.retryAfter == .seconds(7))
        #expect(error?.httpStatus == 429)
        let date = RetryAfter.parse("Wed, 21 Oct 2015 07:28:00 GMT", now: Date(timeIntervalSince1970: 1_445_412_470))
        #expect(date == .seconds(10))
        #expect(RetryAfter.parse("soon") == nil)
        #expect(RetryAfter.parse("-1") == nil)
    }

    @Test(
        "undecodable answers are a distinct case naming why",
        arguments: [
            (502, "text/html", "<html><body><h1>502 Bad Gateway</h1></body></html>", "HTML"),
            (500, nil, "   <!DOCTYPE html><html></html>", "HTML"),
            (200, "application/json", #"{"response":{"object":"sign_in_attempt","id":"sia_1","sta"#, "not valid JSON"),
            (200, "text/plain", "OK", "not valid JSON"),
            (503, "text/plain", "upstream connect error", "not valid JSON"),
            (200, "application/json", "", "empty"),
            (200, "application/json", #"{"response":{"object":"sign_in_attempt"}}"#, "expected shape"),
            (404, "application/json", #"{"message":"not here"}"#, "not a Frontend API answer"),
        ] as [(Int, String?, String, String)])
    func undecodable(status: Int, contentType: String?, body: String, reason: String) async throws {
        let headers = contentType.map { TransportHeaders([.init(name: "Content-Type", value: $0)]) } ?? [:]
        let (error, harness) = await send(.respond(TransportResponse(status: status, headers: headers, body: Data(body.utf8))))
        let failure = try #require(error?.undecodable)
        #expect(failure.httpStatus == status)
        #expect(failure.byteCount == body.utf8.count)
        #expect(failure.reason.contains(reason), "\(failure.reason)")
        #expect(await harness.client.client == nil)
    }

    @Test(
        "transport failures are .transport with their kind",
        arguments: [
            TransportError.Kind.timedOut, .connectionLost, .cannotConnect, .notConnected, .secureConnectionFailed, .other,
        ])
    func transport(kind: TransportError.Kind) async {
        let (error, _) = await send(.fail(TransportError(kind)))
        #expect(error == .transport(TransportError(kind)))
    }

    @Test("URLError codes map to transport kinds")
    func urlErrors() {
        #expect(URLSessionTransport.map(URLError(.timedOut)) as? TransportError == TransportError(.timedOut))
        #expect(URLSessionTransport.map(URLError(.networkConnectionLost)) as? TransportError == TransportError(.connectionLost))
        #expect(URLSessionTransport.map(URLError(.cannotFindHost)) as? TransportError == TransportError(.cannotConnect))
        #expect(URLSessionTransport.map(URLError(.notConnectedToInternet)) as? TransportError == TransportError(.notConnected))
        #expect(URLSessionTransport.map(URLError(.serverCertificateUntrusted)) as? TransportError == TransportError(.secureConnectionFailed))
        #expect(URLSessionTransport.map(URLError(.cancelled)) is CancellationError)
        let tried = URL(string: "https://127.0.0.1:8787/v1/client/sign_ins?_is_native=true")
        #expect(
            URLSessionTransport.map(URLError(.cannotConnectToHost), url: tried) as? TransportError
                == TransportError(.cannotConnect, detail: "https://127.0.0.1:8787 (https)"))
        #expect(
            (URLSessionTransport.map(URLError(.secureConnectionFailed), url: tried) as? TransportError)?.description
                == "secure connection failed: https://127.0.0.1:8787 (https)")
    }

    @Test("a transport that throws CancellationError gives .cancelled")
    func cancelled() async {
        let (error, harness) = await send(.cancel)
        #expect(error == .cancelled)
        #expect(await harness.client.client == nil)
    }

    @Test("the URLSession transport reports an unreachable loopback port as a transport failure")
    func urlSessionUnreachable() async throws {
        let client = ClerkClient(
            configuration: try ClerkConfiguration(frontendAPIURL: "http://127.0.0.1:9"), transport: URLSessionTransport(timeout: 5),
            retryPolicy: .none)
        let error = await clerkError { try await client.createSignIn(.init(identifier: "jane")) }
        #expect(error?.isTransport == true, "\(String(describing: error))")
    }
}
