import ClerkTesting
import Foundation
import Testing

@testable import Clerk

/// Builds API resources and answers for the scripted transport.
enum Fixture {
    static let time = ClerkTimestamp(millisecondsSince1970: 1_700_000_000_000)
    static let baseURL = "https://clerk.example.com"

    /// A request that fails without reaching the server and is not repeated: a read after a lost
    /// answer that cannot tell the outcome either.
    static let unreachable = ScriptedTransport.Step.fail(TransportError(.secureConnectionFailed, detail: "no server in this test"))

    static let emailFactor = SignInFactor(strategy: .emailCode, safeIdentifier: "jane+clerk_test@example.com", emailAddressID: "idn_email", primary: true)
    static let phoneFactor = SignInFactor(strategy: .phoneCode, safeIdentifier: "+15555550100", phoneNumberID: "idn_phone", primary: true)
    static let passwordFactor = SignInFactor(strategy: .password)
    static let totpFactor = SignInFactor(strategy: .totp)
    static let backupFactor = SignInFactor(strategy: .backupCode)

    static func verification(_ strategy: Strategy, _ status: VerificationStatus = .unverified, next: NextAction? = nil) -> Verification {
        Verification(status: status, strategy: strategy, attempts: 0, expireAt: time, nextAction: next)
    }

    static func signIn(
        id: String = "sia_1",
        status: SignInStatus,
        identifier: String? = "jane+clerk_test@example.com",
        first: [SignInFactor]? = [emailFactor, passwordFactor],
        second: [SignInFactor]? = nil,
        firstVerification: Verification? = nil,
        secondVerification: Verification? = nil,
        session: String? = nil
    ) -> SignIn {
        SignIn(
            id: id, status: status, supportedIdentifiers: [.emailAddress], supportedFirstFactors: first,
            supportedSecondFactors: second, firstFactorVerification: firstVerification,
            secondFactorVerification: secondVerification, identifier: identifier, createdSessionID: session,
            abandonAt: time)
    }

    static func signUp(
        id: String = "sua_1",
        status: SignUpStatus,
        missing: [SignUpField] = [],
        unverified: [SignUpField] = [],
        email: Verification? = nil,
        phone: Verification? = nil,
        emailAddress: String? = "jane+clerk_test@example.com",
        session: String? = nil
    ) -> SignUp {
        SignUp(
            id: id, status: status, requiredFields: [.emailAddress], optionalFields: [], missingFields: missing,
            unverifiedFields: unverified, verifications: SignUpVerifications(emailAddress: email, phoneNumber: phone),
            emailAddress: emailAddress, passwordEnabled: false, customAction: false, createdSessionID: session,
            abandonAt: time)
    }

    static func session(_ id: String = "sess_1", status: SessionStatus = .active, tasks: [SessionTaskKey] = [], jwt: String? = nil) -> Session {
        Session(
            id: id, status: status, expireAt: time, abandonAt: time, lastActiveAt: time,
            lastActiveToken: jwt.map { TokenResource(jwt: $0) }, factorVerificationAge: [0, -1], createdAt: time, updatedAt: time,
            tasks: tasks.isEmpty ? nil : tasks.map { SessionTask(key: $0) })
    }

    static func client(signIn: SignIn? = nil, signUp: SignUp? = nil, sessions: [Session] = [], lastActive: String? = nil) -> ClientResource {
        ClientResource(
            id: "client_1", sessions: sessions, signIn: signIn, signUp: signUp, lastActiveSessionID: lastActive,
            captchaBypass: false, createdAt: time, updatedAt: time)
    }

    /// A client whose sign-in completed and whose created session is already the last active one.
    static func completedClient(_ signIn: SignIn, session: Session = session()) -> ClientResource {
        client(signIn: signIn, sessions: [session], lastActive: session.id)
    }

    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try! encoder.encode(value), as: UTF8.self)
    }

    static func envelope<R: Codable & Sendable & Hashable>(_ response: R, client: ClientResource?, status: Int = 200, headers: TransportHeaders = [:])
        -> TransportResponse
    {
        TransportResponse(status: status, json: json(ClientEnvelope<R, ClientResource>(response: response, client: client)), headers: headers)
    }

    /// An envelope carrying the client under `meta.client` instead of `client`.
    static func metaEnvelope<R: Codable & Sendable & Hashable>(_ response: R, client: ClientResource) -> TransportResponse {
        TransportResponse(status: 200, json: "{\"response\":\(json(response)),\"meta\":{\"client\":\(json(client))}}")
    }

    static func error(
        _ status: Int, _ code: ClerkErrorCode, message: String = "Something is wrong", param: String? = nil,
        client: ClientResource? = nil, trace: String? = "trace_1", headers: TransportHeaders = [:]
    ) -> TransportResponse {
        let body = ErrorResponse(
            errors: [APIError(message: message, longMessage: "\(message) (long)", code: code, meta: APIErrorMeta(paramName: param))],
            meta: client.map { ErrorResponseMeta(client: $0) }, clerkTraceID: trace)
        return TransportResponse(status: status, json: json(body), headers: headers)
    }
}

/// A sleeper that records delays instead of waiting.
final class RecordingSleeper: Sleeper {
    private let recorded = Protected<[Duration]>([])
    let failing: Bool

    init(failing: Bool = false) {
        self.failing = failing
    }

    var delays: [Duration] { recorded.withValue { $0 } }

    func sleep(for duration: Duration) async throws {
        recorded.withValue { $0.append(duration) }
        if failing { throw CancellationError() }
    }
}

/// Collects log lines or events.
final class Recorder<Value: Sendable>: Sendable {
    private let stored = Protected<[Value]>([])

    func append(_ value: Value) {
        stored.withValue { $0.append(value) }
    }

    var values: [Value] { stored.withValue { $0 } }
}

/// Answers questions from a list, in order, recording each question.
final class AnswerScript: FlowAnswerProvider {
    private struct State {
        var answers: [FlowAnswer]
        var asked: [FlowQuestion] = []
    }

    private let state: Protected<State>

    init(_ answers: [FlowAnswer]) {
        state = Protected(State(answers: answers))
    }

    var questions: [FlowQuestion] { state.withValue { $0.asked } }

    var remaining: Int { state.withValue { $0.answers.count } }

    struct OutOfAnswers: Error {}

    func answer(_ question: FlowQuestion) async throws -> FlowAnswer {
        let next: FlowAnswer? = state.withValue { state in
            state.asked.append(question)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        guard let next else { throw OutOfAnswers() }
        return next
    }
}

/// A client over a scripted transport, with a recording sleeper and log.
struct Harness {
    let transport: ScriptedTransport
    let sleeper: RecordingSleeper
    let log = Recorder<String>()
    let tokenStore: InMemoryTokenStore
    let client: ClerkClient

    init(
        _ steps: [ScriptedTransport.Step] = [], token: String? = "client_token_1", retry: RetryPolicy = .standard,
        sleeper: RecordingSleeper = RecordingSleeper(), clock: any WallClock = SystemWallClock()
    ) {
        transport = ScriptedTransport(steps)
        self.sleeper = sleeper
        tokenStore = InMemoryTokenStore(token: token)
        let log = self.log
        client = ClerkClient(
            configuration: try! ClerkConfiguration(frontendAPIURL: Fixture.baseURL),
            options: .init(
                transport: transport, tokenStore: tokenStore, retryPolicy: retry, retrySleeper: sleeper, clock: clock, logHandler: { log.append($0) }))
    }

    var requests: [TransportRequest] { transport.requests }
}

/// Checks one request against the native-client conventions and the expected call.
func expectRequest(
    _ request: TransportRequest?,
    _ method: RequestMethod,
    _ path: String,
    form: [(String, String)]? = nil,
    token: String? = "client_token_1",
    sessionID: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let request else {
        Issue.record("no request was sent", sourceLocation: sourceLocation)
        return
    }
    #expect(request.method == method, sourceLocation: sourceLocation)
    #expect(request.path == path, sourceLocation: sourceLocation)
    #expect(request.url.absoluteString.hasPrefix(Fixture.baseURL + path + "?"), sourceLocation: sourceLocation)
    let query = [FormField("_is_native", "true")] + (sessionID.map { [FormField("_clerk_session_id", $0)] } ?? [])
    #expect(request.query == FormFields(query), sourceLocation: sourceLocation)
    #expect(request.headers["clerk-api-version"] == "2026-05-12", sourceLocation: sourceLocation)
    #expect(request.headers["x-mobile"] == "1", sourceLocation: sourceLocation)
    #expect(request.headers["Authorization"] == token, sourceLocation: sourceLocation)
    #expect(request.headers["__clerk_api_version"] == nil, sourceLocation: sourceLocation)
    if method == .get || (method == .delete && (form ?? []).isEmpty) {
        #expect(request.body == nil, sourceLocation: sourceLocation)
        #expect(request.headers["Content-Type"] == nil, sourceLocation: sourceLocation)
    } else {
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded", sourceLocation: sourceLocation)
        if let form {
            #expect(request.form == FormFields(form.map { FormField($0.0, $0.1) }), sourceLocation: sourceLocation)
        }
    }
}

extension ClerkError {
    var isTransport: Bool { if case .transport = self { true } else { false } }
    var isAnswerLost: Bool { if case .answerLost = self { true } else { false } }
    var isUndecodable: Bool { if case .undecodableResponse = self { true } else { false } }
    var undecodable: UndecodableResponse? { if case .undecodableResponse(let value) = self { value } else { nil } }
}

/// Runs `body` and returns the ClerkError it throws (recording an issue if it does not).
func clerkError<T>(sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T) async -> ClerkError? {
    do {
        _ = try await body()
        Issue.record("expected a ClerkError", sourceLocation: sourceLocation)
        return nil
    } catch let error as ClerkError {
        return error
    } catch {
        Issue.record("expected a ClerkError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
