import Clerk
import ClerkEmailCode
import ClerkLocalServer
import DocumentationExamples
import Foundation
import Testing

/// The SDK's real transport, recording the method and path of each request.
struct CountingTransport: HTTPTransport {
    let inner = URLSessionTransport()
    let sent = RecordedValues<String>()

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        await sent.add("\(request.method.rawValue) \(request.path)")
        return try await inner.send(request)
    }
}

/// A sleeper that records each wait and returns at once.
struct RecordingSleeper: Sleeper {
    let waits = RecordedValues<Duration>()

    func sleep(for duration: Duration) async throws {
        await waits.add(duration)
    }
}

/// Values recorded in order.
actor RecordedValues<Value: Sendable> {
    private(set) var values: [Value] = []

    func add(_ value: Value) {
        values.append(value)
    }
}

@Suite("Start-overs against the local server")
struct StartOverTests {
    @Test("the sign-up snippet on an instance requiring legal consent: one sign-up, then the unanswered question")
    func snippetThrowsOnLegalConsent() async throws {
        try await withLocalServer(.social) { server in
            let transport = CountingTransport()
            let clerk = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL), options: .init(transport: transport))

            let error = await #expect(throws: ClerkError.self) {
                try await signUpWithEmailAndPassword(
                    clerk: clerk, emailAddress: "ada.lovelace@example.com", password: seededPassword, readCode: { testCode })
            }

            #expect(error == .flow(.unansweredQuestion(FlowQuestion.missingFields([.legalAccepted]).description)))
            #expect(await transport.sent.values == ["POST /v1/client/sign_ups"])
        }
    }

    @Test("an app answering .startOver to what it does not handle: six sign-ups, spaced out, then a typed error")
    func startingOverIsBounded() async throws {
        try await withLocalServer(.social) { server in
            let transport = CountingTransport()
            let sleeper = RecordingSleeper()
            let clerk = ClerkClient(
                configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL), options: .init(transport: transport, retrySleeper: sleeper))
            let driver = FlowDriver(client: clerk, registry: try FactorRegistry([EmailCodeStrategy(stages: [.signUpVerification])])) { question in
                if case .signUpDetails = question {
                    return .details(SignUpDetails(emailAddress: "grace.hopper@example.com", password: SecretString(seededPassword)))
                }
                return .startOver
            }

            let error = await #expect(throws: ClerkError.self) { try await driver.signUp() }

            #expect(error == .flow(.tooManyStartOvers(limit: 5)))
            #expect(await transport.sent.values == Array(repeating: "POST /v1/client/sign_ups", count: 6))
            #expect(await sleeper.waits.values == [.seconds(1), .seconds(2), .seconds(4), .seconds(8)])
        }
    }
}
