import Clerk
import ClerkLocalServer
import Foundation
import NIOConcurrencyHelpers

/// The local server with the fault proxy in front of it, and SDK clients that go through the proxy.
struct FaultRig: Sendable {
    let server: RunningServer
    let proxy: FaultProxy

    static func start(_ preset: SettingsPreset, plan: @escaping FaultProxy.Plan = { _, _, _ in .none }) async throws -> FaultRig {
        let server = try await LocalFrontendAPI.start(settings: preset.settings)
        let proxy = try await FaultProxy.start(upstreamPort: server.port, plan: plan)
        return FaultRig(server: server, proxy: proxy)
    }

    /// A new device: a client with its own transport. The time-out is the SDK's default unless a test
    /// is about time-outs: a shorter one would turn a server slowed by other tests into lost answers.
    func device(
        timeout: TimeInterval = 30, connectionReuse: URLSessionTransport.ConnectionReuse = .platformDefault, retry: RetryPolicy = .standard
    ) throws -> ClerkClient {
        ClerkClient(
            configuration: try ClerkConfiguration(frontendAPIURL: proxy.url),
            options: .init(transport: URLSessionTransport(timeout: timeout, connectionReuse: connectionReuse), retryPolicy: retry))
    }

    func stop() async {
        await proxy.shutdown()
        await server.shutdown()
    }
}

/// A plan that applies `fault` to the `number`th request that is not a read (0 for the first), and
/// to nothing else.
func faultingWrite(_ number: Int, with fault: Fault) -> FaultProxy.Plan {
    let seen = NIOLockedValueBox(0)
    return { method, _, _ in
        guard method != "GET" else { return .none }
        let index = seen.withLockedValue { count in
            defer { count += 1 }
            return count
        }
        return index == number ? fault : .none
    }
}

/// Paths with their ids replaced, so that two runs of one flow compare: `/v1/client/sign_ins/{id}/attempt_first_factor`.
func normalized(_ request: ProxiedRequest) -> String {
    let segments = request.path.split(separator: "/").map { segment in
        ["sia_", "sua_", "sess_", "idn_", "client_", "user_"].contains { segment.hasPrefix($0) } ? "{id}" : String(segment)
    }
    return request.method + " /" + segments.joined(separator: "/")
}

/// Answers every question as a person who knows their secrets would: the right code each time it is asked.
struct KnownAnswers: FlowAnswerProvider {
    var identifier: String
    var password: String?
    var totpSecret: String?
    var backupCodes: [String] = []
    var secondFactor: Strategy?
    var signUp: SignUpDetails?
    private let usedBackupCodes = NIOLockedValueBox(0)

    init(
        identifier: String, password: String? = nil, totpSecret: String? = nil, backupCodes: [String] = [], secondFactor: Strategy? = nil,
        signUp: SignUpDetails? = nil
    ) {
        self.identifier = identifier
        self.password = password
        self.totpSecret = totpSecret
        self.backupCodes = backupCodes
        self.secondFactor = secondFactor
        self.signUp = signUp
    }

    func answer(_ question: FlowQuestion) async throws -> FlowAnswer {
        switch question {
        case .identifier: return .identifier(identifier)
        case .password, .newPassword: return .password(SecretString(password ?? ""))
        case .chooseSecondFactor(let options): return .secondFactor(secondFactor ?? options[0])
        case .signUpDetails: return .details(signUp ?? SignUpDetails(emailAddress: identifier))
        case .missingFields: return .details(SignUpDetails(legalAccepted: true))
        case .code(let prompt):
            switch prompt.strategy {
            case .totp:
                return .code(SecretString(TOTP(base32Secret: totpSecret ?? "")?.code(at: Date()) ?? ""))
            case .backupCode:
                // A backup code refused or spent is never typed again.
                let index = usedBackupCodes.withLockedValue { used in
                    defer { used += 1 }
                    return used
                }
                return .code(SecretString(backupCodes[index % max(backupCodes.count, 1)]))
            default:
                return .code("424242")  // +clerk_test addresses
            }
        default:
            return .startOver
        }
    }
}

/// Prints what crossed the wire in one case, for the record of a test run: each request (whether it
/// reached the server, on which connection, how much of its body arrived), what the app saw, and how long it took.
func printWire(_ title: String, _ proxy: FaultProxy, saw outcome: String, since start: ContinuousClock.Instant) {
    let took = ContinuousClock.now - start
    let requests = proxy.requests.map { request in
        "\(normalized(request)) (\(request.reachedServer ? "reached the server" : "not forwarded"), connection \(request.connection)#\(request.indexOnConnection), body \(request.receivedLength)/\(request.declaredLength))"
    }
    print(
        "wire: \(title) | \(requests.joined(separator: "; ")) | app saw: \(outcome) | \(took.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow)))"
    )
}
