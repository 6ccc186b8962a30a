import Clerk
import ClerkLocalServer
import ClerkTesting
import ExampleBackend
import Foundation
import NIOConcurrencyHelpers

/// What a flow is given to run: new devices (SDK clients) pointed at the instance, the person's
/// answers, and the transcript. A flow file uses the SDK exactly as an app would; this only
/// stands in for the app's UI and for the person holding the device.
public final class ExampleApp: Sendable {
    let configuration: ClerkConfiguration
    public let transcript: Transcript
    let counter: RequestCounter
    let people: [String: Persona]
    let answerSource: @Sendable (Persona) -> any FlowAnswerProvider
    /// Whether a failed check fails the flow (a scripted run) or is only reported (a person may
    /// have chosen differently).
    let strictChecks: Bool
    /// The person at the terminal, when one answers: shown the phases and the steps in words.
    let person: PersonConsole?
    /// The embedded server, when the flow runs against one (nil for another instance).
    public let server: RunningServer?
    /// The clock the embedded server and every device share, for flows that move time.
    public let manualClock: ClerkTesting.ManualClock?
    /// The Backend API of a separately started instance, when its secret key was given.
    let backendAPI: BackendAPIAccess?
    private let devices = NIOLockedValueBox(0)
    let createdDevices = NIOLockedValueBox<[ClerkClient]>([])
    let backendBox = NIOLockedValueBox<RunningBackend?>(nil)
    private let sessionsBox = NIOLockedValueBox<[ActiveSession]>([])

    init(
        configuration: ClerkConfiguration, transcript: Transcript, counter: RequestCounter, people: [String: Persona],
        strictChecks: Bool, person: PersonConsole? = nil, server: RunningServer? = nil,
        manualClock: ClerkTesting.ManualClock? = nil, backendAPI: BackendAPIAccess? = nil, answerSource: @escaping @Sendable (Persona) -> any FlowAnswerProvider
    ) {
        self.configuration = configuration
        self.transcript = transcript
        self.counter = counter
        self.people = people
        self.strictChecks = strictChecks
        self.person = person
        self.server = server
        self.manualClock = manualClock
        self.backendAPI = backendAPI
        self.answerSource = answerSource
    }

    /// A device that has never signed in: a new `ClerkClient` with its own client token.
    /// `captchaProvider`: the app's captcha widget, for instances with bot sign-up protection.
    public func newDevice(tokenStore: any TokenStore = InMemoryTokenStore(), captchaProvider: (any CaptchaProvider)? = nil) -> ClerkClient {
        let number = devices.withLockedValue { count in
            count += 1
            return count
        }
        let label = "device \(number)"
        transcript.write(.note, "\(label): a new device (no client token yet)")
        let transport = CountingTransport(counter: counter, transcript: transcript, device: label)
        let device =
            if let manualClock {
                ClerkClient(
                    configuration: configuration,
                    options: .init(
                        transport: transport, tokenStore: tokenStore, sleeper: manualClock, clock: manualClock, captchaProvider: captchaProvider))
            } else {
                ClerkClient(configuration: configuration, options: .init(transport: transport, tokenStore: tokenStore, captchaProvider: captchaProvider))
            }
        createdDevices.withLockedValue { $0.append(device) }
        return device
    }

    /// Revokes a session as the app's backend or the dashboard would: on the embedded server directly,
    /// elsewhere through the Backend API.
    public func revokeSession(_ sessionID: String) async throws {
        if let server {
            _ = try await server.revokeSession(sessionID)
        } else if let backendAPI {
            try await backendAPI.revokeSession(sessionID)
        } else {
            throw FlowRefusal(need: .secretKey(purpose: "revoke a session, as a backend does"))
        }
    }

    /// The person as the run knows them (seeded secrets included).
    public func person(_ persona: Persona) -> Persona {
        people[persona.name] ?? persona
    }

    /// The person's answers to the flow driver's questions.
    public func answers(for persona: Persona) -> any FlowAnswerProvider {
        let resolved = person(persona)
        return TranscribedAnswers(base: answerSource(resolved), transcript: transcript, who: resolved.name)
    }

    /// Where the flow driver reports each step: the transcript, and the person in words.
    public var events: @Sendable (FlowEvent) -> Void {
        { [transcript, person] event in
            transcript.record(event)
            person?.show(event)
        }
    }

    /// Starts a phase of the flow.
    public func phase(_ text: String) {
        transcript.write(.phase, text)
        person?.phase(text)
    }

    /// Records the session a phase ended with, and reports its tasks.
    public func signedIn(_ session: ActiveSession) {
        sessionsBox.withLockedValue { $0.append(session) }
        let tasks = session.tasks.map(\.key.rawValue)
        transcript.write(
            .note,
            "session \(session.id) is \(session.status.rawValue)"
                + (tasks.isEmpty ? "; no session tasks" : "; session tasks to finish: \(tasks.joined(separator: ", ")) (current: \(tasks[0]))"))
    }

    /// The sessions the flow ended phases with.
    public var sessions: [ActiveSession] { sessionsBox.withLockedValue { $0 } }

    /// Checks what the guide promises. In a scripted run a failed check fails the flow; with a
    /// person answering it is reported only.
    public func check(_ condition: Bool, _ promise: String) throws {
        if condition {
            transcript.write(.check, promise)
        } else if strictChecks {
            throw ExampleFailure("expected: \(promise)")
        } else {
            transcript.write(.note, "not observed (the answers differed from the script): \(promise)")
        }
    }

    /// Writes an observation.
    public func note(_ text: String) {
        transcript.write(.note, text)
    }
}
