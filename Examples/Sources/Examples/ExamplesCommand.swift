import ArgumentParser
import Clerk
import ExampleFlows
import Foundation

/// Options every flow command shares.
struct RunFlags: ParsableArguments {
    @Flag(help: "A person answers at the terminal: identifiers, password (not echoed), the codes they receive (or resend, start over).")
    var interactive = false

    @Option(help: "Run against this Frontend API (a real instance, or clerk-local started separately) instead of the embedded server.")
    var frontendApi: String?

    @Option(help: "Run against the instance this publishable key names (pk_test_… or pk_live_…).")
    var publishableKey: String?

    @Option(
        help:
            "The instance's secret key (sk_test_…): with --frontend-api or --publishable-key, flows that act as a backend (flag a password compromised, revoke a session) use its Backend API."
    )
    var secretKey: String?

    @Option(help: "The Backend API's URL. Default: /bapi/v1 on a loopback --frontend-api (clerk-local), else https://api.clerk.com/v1.")
    var backendApi: String?

    @Flag(help: "Print machine-readable results (JSON) instead of the transcript and table.")
    var json = false

    @Flag(help: "With --interactive, also print the transcript: each request and its status, each step of the flow.")
    var verbose = false

    func validate() throws {
        if frontendApi != nil, publishableKey != nil {
            throw ValidationError("give --frontend-api or --publishable-key, not both")
        }
        if interactive, json {
            throw ValidationError("--interactive and --json do not go together")
        }
        if secretKey != nil || backendApi != nil, frontendApi == nil, publishableKey == nil {
            throw ValidationError("--secret-key and --backend-api go with --frontend-api or --publishable-key (the embedded server needs neither)")
        }
        if let backendApi, URL(string: backendApi)?.host == nil {
            throw ValidationError("--backend-api must be a URL such as https://api.clerk.com/v1")
        }
    }

    /// Runs `flows` and exits non-zero when one fails (a flow the instance cannot host is refused, not failed).
    func run(_ flows: [ExampleFlow]) async throws {
        let instance: RunOptions.Instance
        var backendAPI: BackendAPIAccess?
        do {
            if let frontendApi {
                instance = .external(try ClerkConfiguration(frontendAPIURL: frontendApi))
            } else if let publishableKey {
                instance = .external(try ClerkConfiguration(publishableKey: publishableKey))
            } else {
                instance = .embedded
            }
        } catch {
            throw ValidationError(error.description)
        }
        if case .external(let configuration) = instance, let secretKey {
            backendAPI = BackendAPIAccess(secretKey: secretKey, url: backendApi.flatMap(URL.init(string:)), frontendAPI: configuration.frontendAPIURL)
        }
        let console = !json
        var options = RunOptions(instance: instance, backendAPI: backendAPI)
        if interactive { options.terminal = .standard }
        let showsTranscript = console && (!interactive || verbose)
        if showsTranscript {
            print(TranscriptEntry.legend)
            options.live = { entry in print(entry.rendered) }
        }
        var results: [FlowRunResult] = []
        for flow in flows {
            if console {
                print("\n== Flow \(flow.number): \(flow.name) — \(flow.title)")
                print("   guide: \(flow.guide.title), \(flow.guide.url.absoluteString)")
            }
            let result =
                interactive
                ? await ExampleRunner.runInteractively(flow, options: options)
                : await ExampleRunner.run(flow, options: options)
            if console {
                if let refusal = result.refusal {
                    print("   refused: \(refusal)")
                } else {
                    print("   \(result.result): \(result.requests) requests, \(String(format: "%.2f", result.seconds)) s")
                }
            }
            results.append(result)
        }
        if !console {
            print(try Summary.json(results))
        } else if !interactive || results.count > 1 {
            print("\nSummary\n" + Summary.table(results))
        }
        if results.contains(where: { !$0.passed && $0.refusal == nil }) {
            throw ExitCode(1)
        }
    }
}

/// A subcommand running one flow.
struct FlowCommand<Flow: FlowName>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Flow.flow.name, abstract: "\(Flow.flow.number). \(Flow.flow.title)")
    }

    @OptionGroup var flags: RunFlags

    func run() async throws {
        try await flags.run([Flow.flow])
    }
}

/// Names one flow, for its subcommand.
protocol FlowName {
    static var flow: ExampleFlow { get }
}

enum Flow01: FlowName { static var flow: ExampleFlow { .signInOrUp } }
enum Flow02: FlowName { static var flow: ExampleFlow { .signInOrUpIfMissing } }
enum Flow03: FlowName { static var flow: ExampleFlow { .emailPasswordSignUp } }
enum Flow04: FlowName { static var flow: ExampleFlow { .emailPasswordSignIn } }
enum Flow05: FlowName { static var flow: ExampleFlow { .smsCodeSignUp } }
enum Flow06: FlowName { static var flow: ExampleFlow { .emailCodeSignUp } }
enum Flow07: FlowName { static var flow: ExampleFlow { .smsCodeSignIn } }
enum Flow08: FlowName { static var flow: ExampleFlow { .emailCodeSignIn } }
enum Flow09: FlowName { static var flow: ExampleFlow { .clientTrustEmail } }
enum Flow10: FlowName { static var flow: ExampleFlow { .clientTrustPhone } }
enum Flow11: FlowName { static var flow: ExampleFlow { .mfaSMS } }
enum Flow12: FlowName { static var flow: ExampleFlow { .mfaTOTP } }
enum Flow13: FlowName { static var flow: ExampleFlow { .mfaBackupCode } }
enum Flow14: FlowName { static var flow: ExampleFlow { .manageMFA } }
enum Flow15: FlowName { static var flow: ExampleFlow { .mfaRequiredSignUp } }
enum Flow16: FlowName { static var flow: ExampleFlow { .forgotPassword } }
enum Flow17: FlowName { static var flow: ExampleFlow { .compromisedPassword } }
enum Flow18: FlowName { static var flow: ExampleFlow { .sessionLifecycle } }
enum Flow19: FlowName { static var flow: ExampleFlow { .emailLinkSignIn } }
enum Flow20: FlowName { static var flow: ExampleFlow { .emailLinkSignUp } }
enum Flow21: FlowName { static var flow: ExampleFlow { .clientTrustEmailLink } }
enum Flow22: FlowName { static var flow: ExampleFlow { .signInToken } }
enum Flow23: FlowName { static var flow: ExampleFlow { .reverifyPasswordChange } }
enum Flow24: FlowName { static var flow: ExampleFlow { .invitationAccepted } }
enum Flow25: FlowName { static var flow: ExampleFlow { .signInWithApple } }
enum Flow26: FlowName { static var flow: ExampleFlow { .googleSignIn } }
enum Flow27: FlowName { static var flow: ExampleFlow { .cancelledConsent } }
enum Flow28: FlowName { static var flow: ExampleFlow { .passkeySignIn } }
enum Flow29: FlowName { static var flow: ExampleFlow { .signOut } }
enum Flow30: FlowName { static var flow: ExampleFlow { .legalAcceptance } }
enum Flow31: FlowName { static var flow: ExampleFlow { .addEmail } }
enum Flow32: FlowName { static var flow: ExampleFlow { .addPhone } }
enum Flow33: FlowName { static var flow: ExampleFlow { .multiSession } }
enum Flow34: FlowName { static var flow: ExampleFlow { .googleOneTap } }
enum Flow35: FlowName { static var flow: ExampleFlow { .embeddedEmailLink } }
enum Flow36: FlowName { static var flow: ExampleFlow { .organizationSwitcher } }
enum Flow37: FlowName { static var flow: ExampleFlow { .createOrganization } }
enum Flow38: FlowName { static var flow: ExampleFlow { .manageRoles } }
enum Flow39: FlowName { static var flow: ExampleFlow { .manageOrganizationInvitations } }
enum Flow40: FlowName { static var flow: ExampleFlow { .userOrganizationInvitations } }
enum Flow41: FlowName { static var flow: ExampleFlow { .membershipRequests } }
enum Flow42: FlowName { static var flow: ExampleFlow { .updateOrganization } }
enum Flow43: FlowName { static var flow: ExampleFlow { .acceptOrganizationInvitation } }
enum Flow44: FlowName { static var flow: ExampleFlow { .lastAuthenticationStrategy } }
enum Flow45: FlowName { static var flow: ExampleFlow { .manageSSOConnections } }
enum Flow46: FlowName { static var flow: ExampleFlow { .chooseOrganizationTask } }
enum Flow47: FlowName { static var flow: ExampleFlow { .botSignUpProtection } }
enum Flow48: FlowName { static var flow: ExampleFlow { .biometricSignIn } }
enum Flow49: FlowName { static var flow: ExampleFlow { .emailLinkInApp } }
enum Flow50: FlowName { static var flow: ExampleFlow { .userImpersonation } }
enum Flow51: FlowName { static var flow: ExampleFlow { .waitlist } }
enum Flow52: FlowName { static var flow: ExampleFlow { .enterpriseSSO } }
enum Flow53: FlowName { static var flow: ExampleFlow { .emailLinkSignUpInApp } }

/// `swift run --package-path Examples Examples [flow] [--interactive] [--frontend-api URL | --publishable-key pk_…] [--json]`
@main
struct ExamplesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "Examples",
        abstract: "Runs every documented Clerk sign-in and sign-up flow with the Swift SDK, or the one named.",
        discussion: """
            With no flow named, runs all \(ExampleFlow.all.count) (the 13 of Clerk's custom-flow guides, then account \
            security, the session lifecycle, email links, a sign-in token, re-verification, an invitation, Sign in with \
            Apple, Google through the browser, a passkey, then sign-out, legal acceptance, adding an email address \
            and a phone number, multi-session, Google One Tap, an embedded email link, then one per organization guide) against a local Frontend API started in-process (one per flow, with \
            the settings its guide asks for), with the people each flow needs seeded and their codes read \
            from the server's outbox. Prints each step, then a summary table, and \
            exits non-zero if a flow failed.

            Against an instance started separately (--frontend-api URL, --publishable-key pk_…), nothing \
            is seeded in-process: accounts are made through the SDK (a sign-up, then second factors through \
            the account API) and, with --secret-key, the Backend API. A flow whose settings the instance \
            lacks is refused before its first request, naming the setting; --print-settings FLOW prints a \
            clerk-local settings file that hosts it.
            """,
        subcommands: [
            FlowCommand<Flow01>.self, FlowCommand<Flow02>.self, FlowCommand<Flow03>.self, FlowCommand<Flow04>.self,
            FlowCommand<Flow05>.self, FlowCommand<Flow06>.self, FlowCommand<Flow07>.self, FlowCommand<Flow08>.self,
            FlowCommand<Flow09>.self, FlowCommand<Flow10>.self, FlowCommand<Flow11>.self, FlowCommand<Flow12>.self,
            FlowCommand<Flow13>.self, FlowCommand<Flow14>.self, FlowCommand<Flow15>.self, FlowCommand<Flow16>.self,
            FlowCommand<Flow17>.self, FlowCommand<Flow18>.self, FlowCommand<Flow19>.self, FlowCommand<Flow20>.self,
            FlowCommand<Flow21>.self, FlowCommand<Flow22>.self, FlowCommand<Flow23>.self, FlowCommand<Flow24>.self,
            FlowCommand<Flow25>.self, FlowCommand<Flow26>.self, FlowCommand<Flow27>.self, FlowCommand<Flow28>.self,
            FlowCommand<Flow29>.self, FlowCommand<Flow30>.self, FlowCommand<Flow31>.self, FlowCommand<Flow32>.self,
            FlowCommand<Flow33>.self, FlowCommand<Flow34>.self, FlowCommand<Flow35>.self, FlowCommand<Flow36>.self,
            FlowCommand<Flow37>.self, FlowCommand<Flow38>.self, FlowCommand<Flow39>.self, FlowCommand<Flow40>.self,
            FlowCommand<Flow41>.self, FlowCommand<Flow42>.self, FlowCommand<Flow43>.self, FlowCommand<Flow44>.self,
            FlowCommand<Flow45>.self, FlowCommand<Flow46>.self, FlowCommand<Flow47>.self,
            FlowCommand<Flow48>.self, FlowCommand<Flow49>.self, FlowCommand<Flow50>.self, FlowCommand<Flow51>.self,
            FlowCommand<Flow52>.self, FlowCommand<Flow53>.self,
        ])

    @OptionGroup var flags: RunFlags

    @Option(
        help: ArgumentHelp(
            "Print the settings file (clerk-local --settings) of the instance that hosts this flow, and exit.", valueName: "flow"))
    var printSettings: String?

    func validate() throws {
        if let printSettings, ExampleFlow.named(printSettings) == nil {
            throw ValidationError("unknown flow '\(printSettings)'; known: \(ExampleFlow.all.map(\.name).joined(separator: ", "))")
        }
    }

    func run() async throws {
        if let printSettings, let flow = ExampleFlow.named(printSettings) {
            print(try flow.settingsFile())
            return
        }
        try await flags.run(ExampleFlow.all)
    }
}
