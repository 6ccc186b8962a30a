import Clerk
import ClerkEmailCode
import ClerkLocalServer
import ClerkPhoneCode
import ClerkTesting
import Foundation

/// How to run the flows.
public struct RunOptions: Sendable {
    /// Which Frontend API the flows talk to.
    public enum Instance: Sendable {
        /// A local server started in-process for each flow, with the settings the flow needs.
        case embedded
        /// A real or separately started instance: nothing is seeded; the people get test
        /// identifiers (`+clerk_test`, 555-01NN) unless a person types their own.
        case external(ClerkConfiguration)
    }

    public var instance: Instance
    /// The Backend API of an external instance (`--secret-key`): flows that act as a backend use it.
    public var backendAPI: BackendAPIAccess?
    /// A person answers at the terminal instead of the script.
    public var terminal: TerminalAnswers.Terminal?
    /// Where the embedded server reads the time (tests pass `{ clock.now() }` of a `ManualClock`
    /// they move to expire codes).
    public var now: (@Sendable () -> Date)?
    /// Changes to the embedded server's settings (tests shorten limits).
    public var adjustSettings: (@Sendable (inout InstanceSettings) -> Void)?
    /// Wraps each person's answers (tests script the error branches).
    public var wrapAnswers: (@Sendable (Persona, any FlowAnswerProvider) -> any FlowAnswerProvider)?
    /// Receives each transcript line as it is written.
    public var live: (@Sendable (TranscriptEntry) -> Void)?
    /// Called once the embedded server is up and seeded.
    public var serverStarted: (@Sendable (RunningServer) async -> Void)?

    public init(
        instance: Instance = .embedded,
        backendAPI: BackendAPIAccess? = nil,
        terminal: TerminalAnswers.Terminal? = nil,
        now: (@Sendable () -> Date)? = nil,
        adjustSettings: (@Sendable (inout InstanceSettings) -> Void)? = nil,
        wrapAnswers: (@Sendable (Persona, any FlowAnswerProvider) -> any FlowAnswerProvider)? = nil,
        live: (@Sendable (TranscriptEntry) -> Void)? = nil,
        serverStarted: (@Sendable (RunningServer) async -> Void)? = nil
    ) {
        self.instance = instance
        self.backendAPI = backendAPI
        self.terminal = terminal
        self.now = now
        self.adjustSettings = adjustSettings
        self.wrapAnswers = wrapAnswers
        self.live = live
        self.serverStarted = serverStarted
    }
}

/// How one flow went.
public struct FlowRunResult: Sendable, Codable {
    public struct SessionSummary: Sendable, Codable, Hashable {
        public var id: String
        public var status: String
        public var tasks: [String]
    }

    public var number: Int
    public var name: String
    public var title: String
    /// The title of the guide the flow follows.
    public var guide: String
    /// The slug of that guide in Clerk's custom-flow documentation (the last part of its address).
    public var guideSlug: String
    public var passed: Bool
    /// Why the flow did not start: what the instance lacks (a setting, the secret key). Not a failure.
    public var refusal: String?
    /// Requests the flow's devices sent.
    public var requests: Int
    /// Requests the flow's devices sent, counting one `sessionToken()` on the signed-in device after the
    /// flow (nil when none was asked: see `takeFirstSessionToken`): equal to `requests` when the answer's token was cached.
    public var requestsWithFirstToken: Int?
    /// Seconds the flow took (seeding and server start excluded).
    public var seconds: Double
    /// Why it failed.
    public var error: String?
    /// The Clerk error code it failed with, if it was an API error.
    public var errorCode: String?
    /// The form field the error concerns (Identifier, Password, Code), as a form shows it.
    public var errorField: String?
    /// What a form shows next to that field: Clerk's message, or the failure in words.
    public var errorMessage: String?
    public var sessions: [SessionSummary]
    public var transcript: [TranscriptEntry]
    /// The flow driver's events, for tests.
    public var events: [FlowEvent] = []

    enum CodingKeys: String, CodingKey {
        case number, name, title, guide, passed, refusal, requests, seconds, error
        case guideSlug = "guide_slug"
        case requestsWithFirstToken = "requests_with_first_token"
        case errorCode = "error_code"
        case errorField = "error_field"
        case errorMessage = "error_message"
        case sessions, transcript
    }

    public var result: String { passed ? "passed" : refusal != nil ? "refused" : "FAILED" }
}

/// Runs flows: starts the instance, seeds the people, runs the flow, and reports.
public enum ExampleRunner {
    /// Runs one flow.
    public static func run(_ flow: ExampleFlow, options: RunOptions = RunOptions()) async -> FlowRunResult {
        let transcript = Transcript(live: options.live)
        let counter = RequestCounter()
        var failure: (any Error)?
        var seconds = 0.0
        var sessions: [ActiveSession] = []
        var server: RunningServer?
        /// The flow's own requests: the backend call that ends every flow is left out.
        var flowRequests: Int?
        var requestsWithFirstToken: Int?
        do {
            let instance = try await prepare(flow, options: options, transcript: transcript)
            server = instance.server
            let app = makeApp(instance, options: options, transcript: transcript, counter: counter)
            let start = Date()
            do {
                try await flow.body(app)
                flowRequests = counter.total
                if try await app.takeFirstSessionToken() { requestsWithFirstToken = counter.total }
                try await app.endWithBackendCall()
            } catch {
                failure = error
            }
            await app.stopBackend()
            seconds = Date().timeIntervalSince(start)
            sessions = app.sessions
        } catch {
            failure = error
        }
        if let refusal = failure as? FlowRefusal {
            transcript.write(.failure, "not run: \(refusal.description)")
            if let server { await server.shutdown() }
            return FlowRunResult(
                number: flow.number, name: flow.name, title: flow.title, guide: flow.guide.title, guideSlug: flow.guide.rawValue, passed: false,
                refusal: refusal.description, requests: 0, seconds: 0, sessions: [], transcript: transcript.lines)
        }
        var message = failure.map(describe)
        var errorMessage = (failure as? ClerkError).map(TerminalAnswers.message(of:)) ?? message
        var errorField = (failure as? ClerkError).map(TerminalAnswers.field(of:))
        if case .flow(.answerProviderFailed)? = failure as? ClerkError,
            let why = transcript.lines.last(where: { $0.kind == .failure })?.text
        {
            // The driver reports only that the answers failed; the transcript has why.
            message = why
            errorMessage = transcript.answerFailure ?? why
            errorField = nil
        } else if let message {
            transcript.write(.failure, message)
        }
        if let server {
            await server.shutdown()
        }
        return FlowRunResult(
            number: flow.number, name: flow.name, title: flow.title, guide: flow.guide.title, guideSlug: flow.guide.rawValue,
            passed: failure == nil, refusal: nil, requests: flowRequests ?? counter.total,
            requestsWithFirstToken: requestsWithFirstToken, seconds: seconds,
            error: message, errorCode: (failure as? ClerkError)?.code?.rawValue,
            errorField: errorField, errorMessage: errorMessage,
            sessions: sessions.map {
                FlowRunResult.SessionSummary(id: $0.id, status: $0.status.rawValue, tasks: $0.tasks.map(\.key.rawValue))
            },
            transcript: transcript.lines, events: transcript.allEvents)
    }

    /// The instance a flow runs against, with its people ready.
    struct PreparedInstance: Sendable {
        var configuration: ClerkConfiguration
        var people: [String: Persona]
        var inbox: (any Inbox)?
        var server: RunningServer?
        var resendInterval: TimeInterval = 30
        /// The clock the embedded server and the devices share when the flow moves time.
        var manualClock: ClerkTesting.ManualClock?
    }

    static func prepare(_ flow: ExampleFlow, options: RunOptions, transcript: Transcript) async throws -> PreparedInstance {
        switch options.instance {
        case .embedded:
            var settings = flow.settings
            options.adjustSettings?(&settings)
            let manualClock = flow.movesTime ? ClerkTesting.ManualClock(now: Date()) : nil
            let now: @Sendable () -> Date = options.now ?? manualClock.map { clock in { @Sendable in clock.now() } } ?? Date.init
            let server = try await LocalFrontendAPI.start(settings: settings, now: now, printsOutbox: options.terminal != nil)
            transcript.write(.note, "local Frontend API at \(server.baseURL.absoluteString), settings preset \(flow.preset.rawValue)")
            var people: [String: Persona] = [:]
            do {
                for persona in flow.people {
                    people[persona.name] = try await seed(persona, on: server, transcript: transcript)
                }
                await options.serverStarted?(server)
                return PreparedInstance(
                    configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL), people: people,
                    inbox: ServerOutbox(server: server), server: server,
                    resendInterval: TimeInterval(settings.codes.resendIntervalSeconds), manualClock: manualClock)
            } catch {
                await server.shutdown()
                throw error
            }
        case .external(let configuration):
            try await checkNeeds(of: flow, configuration: configuration, options: options)
            let tag = String(UInt32.random(in: 0..<UInt32.max), radix: 36)
            let loopback = ["127.0.0.1", "localhost", "::1"].contains(configuration.frontendAPIURL.host ?? "")
            let inbox: (any Inbox)? = loopback ? HTTPOutbox(baseURL: configuration.frontendAPIURL) : nil
            transcript.write(.note, "Frontend API at \(configuration.frontendAPIURL.absoluteString): nothing is seeded in-process")
            let provisioning = AccountProvisioning(configuration: configuration, inbox: inbox, backendAPI: options.backendAPI, transcript: transcript)
            var people: [String: Persona] = [:]
            for persona in flow.people {
                // A person types their own; a script uses identifiers new to the instance: read from
                // clerk-local's outbox over HTTP when it is one, else Clerk's test identifiers.
                var person =
                    options.terminal != nil
                    ? persona
                    : inbox != nil ? persona.withRunTag(tag) : persona.withTestIdentifiers(tag: tag)
                if options.terminal == nil {
                    person = try await provisioning.provision(person)
                }
                people[persona.name] = person
            }
            return PreparedInstance(configuration: configuration, people: people, inbox: inbox, server: nil)
        }
    }

    /// Stops a flow before its first request when the instance lacks a setting it needs (as its
    /// environment shows) or the flow needs the secret key and none was given.
    static func checkNeeds(of flow: ExampleFlow, configuration: ClerkConfiguration, options: RunOptions) async throws {
        if options.backendAPI == nil, let need = flow.needs.first(where: { if case .secretKey = $0 { true } else { false } }) {
            throw FlowRefusal(need: need)
        }
        let settingNeeds = flow.needs.filter { if case .secretKey = $0 { false } else { true } }
        guard !settingNeeds.isEmpty else { return }
        let environment = try await ClerkClient(configuration: configuration).environment()
        if let unmet = settingNeeds.first(where: { $0.isMet(by: environment) == false }) {
            throw FlowRefusal(need: unmet)
        }
    }

    static func makeApp(_ instance: PreparedInstance, options: RunOptions, transcript: Transcript, counter: RequestCounter) -> ExampleApp {
        let inbox = instance.inbox
        let terminal = options.terminal
        let wrap = options.wrapAnswers
        let resendInterval = instance.resendInterval
        return ExampleApp(
            configuration: instance.configuration, transcript: transcript, counter: counter, people: instance.people,
            strictChecks: terminal == nil, person: terminal.map(PersonConsole.init(terminal:)),
            server: instance.server, manualClock: instance.manualClock, backendAPI: options.backendAPI
        ) { persona in
            let base: any FlowAnswerProvider
            if let terminal {
                base = TerminalAnswers(persona: persona, terminal: terminal, transcript: transcript, resendInterval: resendInterval)
            } else {
                base = AutomaticAnswers(persona: persona, inbox: inbox, transcript: transcript)
            }
            return wrap?(persona, base) ?? base
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as ClerkError: error.description
        case let error as ExampleFailure: error.message
        case let error as LocalServerError: "local server: \(error.description)"
        default: String(describing: error)
        }
    }

    /// Creates the person's account on the embedded server, as if they had signed up earlier,
    /// and keeps the secrets their devices would hold (authenticator secret, backup codes).
    static func seed(_ persona: Persona, on server: RunningServer, transcript: Transcript) async throws -> Persona {
        guard let account = persona.account else { return persona }
        let seeded = try await server.seedUser(
            SeedUser(
                emailAddress: persona.emailAddress, phoneNumber: account.phoneNumberOnAccount ? persona.phoneNumber : nil,
                password: persona.password?.revealed,
                firstName: persona.firstName, lastName: persona.lastName,
                generateTOTPSecret: account.authenticatorApp ? true : nil,
                generateBackupCodes: account.backupCodes ? true : nil,
                phoneSecondFactor: account.smsSecondFactor ? true : nil,
                passwordCompromised: account.passwordCompromised ? true : nil))
        var person = persona
        person.authenticatorSecret = seeded.totpSecret
        person.backupCodes = seeded.backupCodes ?? []
        transcript.write(.note, "seeded \(persona.description) as \(seeded.id)")
        return person
    }
}

extension Persona {
    /// The same person with identifiers unique to this run (for an instance that already has
    /// accounts from earlier runs).
    func withRunTag(_ tag: String) -> Persona {
        var person = self
        if let email = emailAddress, let at = email.firstIndex(of: "@") {
            person.emailAddress = "\(email[..<at])_\(tag)\(email[at...])"
        }
        if phoneNumber != nil {
            person.phoneNumber = String(format: "+1415%07d", Int.random(in: 2_000_000...9_999_999))
        }
        return person
    }

    /// The same person with Clerk's test identifiers, unique to this run: `+clerk_test` email
    /// addresses and `+1 201 555-01NN` phone numbers, whose code is always 424242.
    func withTestIdentifiers(tag: String) -> Persona {
        var person = self
        if let email = emailAddress, !TestConventions.applies(to: email), let at = email.firstIndex(of: "@") {
            person.emailAddress = "\(email[..<at])_\(tag)+clerk_test\(email[at...])"
        }
        if let phone = phoneNumber, !TestConventions.applies(to: phone) {
            person.phoneNumber = String(format: "+1201555%04d", Int.random(in: 100...199))
        }
        return person
    }
}
