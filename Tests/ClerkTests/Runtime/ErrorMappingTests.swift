import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Error mapping")
struct ErrorMappingTests {
    func send(_ step: ScriptedTransport.Step) async -> (ClerkError?, Harness) {
        let harness = Harness([step, Fixture.unreachable], retry: .none)
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
        "undecodable answers are a distinct case naming who answered and why",
        arguments: [
            (502, "text/html", "<html><body><h1>502 Bad Gateway</h1></body></html>", UndecodableResponse.Kind.gatewayFailure, "HTML page"),
            (500, nil, "   <!DOCTYPE html><html></html>", .gatewayFailure, "HTML page"),
            (503, "text/plain", "upstream connect error", .gatewayFailure, "without Clerk's error envelope"),
            (200, "text/html", "<html><body>Sign in to the Wi-Fi</body></html>", .notFromClerk, "captive portal"),
            (302, "text/html; charset=utf-8", "<a href=\"/portal\">moved</a>", .notFromClerk, "captive portal"),
            (200, "application/json", #"{"response":{"object":"sign_in_attempt","id":"sia_1","sta"#, .malformed, "not valid JSON"),
            (200, "text/plain", "OK", .malformed, "not valid JSON"),
            (200, "application/json", "", .malformed, "empty"),
            (200, "application/json", #"{"response":{"object":"sign_in_attempt"}}"#, .malformed, "expected shape"),
            (404, "application/json", #"{"message":"not here"}"#, .malformed, "not a Frontend API answer"),
        ] as [(Int, String?, String, UndecodableResponse.Kind, String)])
    func undecodable(status: Int, contentType: String?, body: String, kind: UndecodableResponse.Kind, reason: String) async throws {
        let headers = contentType.map { TransportHeaders([.init(name: "Content-Type", value: $0)]) } ?? [:]
        let harness = Harness([.respond(TransportResponse(status: status, headers: headers, body: Data(body.utf8)))], retry: .none)
        let error = await clerkError { try await harness.client.refresh() }
        let failure = try #require(error?.undecodable)
        #expect(failure.httpStatus == status)
        #expect(failure.kind == kind)
        #expect(failure.byteCount == body.utf8.count)
        #expect(failure.reason.contains(reason), "\(failure.reason)")
        // One line with the status and the content type.
        #expect(failure.description.contains("HTTP \(status), \(contentType ?? "no content type")"))
        #expect(!failure.description.contains("\n"))
        #expect(await harness.client.client == nil)
    }

    @Test("a gateway failure on a request that may not repeat is a lost answer, not garbage")
    func gatewayOnCreate() async throws {
        let page = TransportResponse(status: 504, headers: ["Content-Type": "text/html"], body: Data("<h1>Gateway Timeout</h1>".utf8))
        let (error, harness) = await send(.respond(page))
        let lost = try #require(error?.lostAnswer)
        #expect(lost.request == "POST /v1/client/sign_ins")
        #expect({ if case .gateway(let answer) = lost.cause { answer.kind == .gatewayFailure && answer.httpStatus == 504 } else { false } }())
        #expect(error?.httpStatus == 504)
        #expect(harness.requests.filter { $0.method == .post }.count == 1)
    }

    @Test(
        "transport failures are .transport when the request never left, a lost answer when it may have been applied",
        arguments: [
            TransportError.Kind.timedOut, .connectionLost, .cannotConnect, .notConnected, .secureConnectionFailed, .other,
        ])
    func transport(kind: TransportError.Kind) async {
        let (error, harness) = await send(.fail(TransportError(kind)))
        if TransportError(kind).mayHaveReachedServer {
            // The client could not be read again either: the outcome is unknown.
            #expect(error == .answerLost(LostAnswer(request: "POST /v1/client/sign_ins", cause: .transport(TransportError(kind)))))
            #expect(harness.requests.map(\.method) == [.post, .get])
        } else {
            #expect(error == .transport(TransportError(kind)))
            #expect(harness.requests.count == 1)
        }
    }

    @Test("URLError codes map to transport kinds")
    func urlErrors() {
        #expect(URLSessionTransport.map(URLError(.timedOut)) as? TransportError == TransportError(.timedOut))
        #expect(URLSessionTransport.map(URLError(.networkConnectionLost)) as? TransportError == TransportError(.connectionLost))
        #expect(URLSessionTransport.map(URLError(.cannotFindHost)) as? TransportError == TransportError(.cannotConnect))
        #expect(URLSessionTransport.map(URLError(.notConnectedToInternet)) as? TransportError == TransportError(.notConnected))
        #expect(URLSessionTransport.map(URLError(.serverCertificateUntrusted)) as? TransportError == TransportError(.secureConnectionFailed))
        #expect(URLSessionTransport.map(URLError(.cancelled)) is CancellationError)
        // FoundationNetworking reports a body cut short by a closed connection as URLError.unknown.
        let cutShort = URLError(
            .unknown,
            userInfo: [
                NSUnderlyingErrorKey: NSError(
                    domain: NSURLErrorDomain, code: -1, userInfo: [NSLocalizedDescriptionKey: "transfer closed with 94 bytes remaining to read"])
            ])
        #expect((URLSessionTransport.map(cutShort) as? TransportError)?.kind == .connectionLost)
        #expect((URLSessionTransport.map(URLError(.unknown)) as? TransportError)?.kind == .other)
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
            configuration: try ClerkConfiguration(frontendAPIURL: "http://127.0.0.1:9"),
            options: .init(transport: URLSessionTransport(timeout: 5), retryPolicy: .none))
        let error = await clerkError { try await client.createSignIn(.init(identifier: "jane")) }
        #expect(error?.isTransport == true, "\(String(describing: error))")
    }
}
