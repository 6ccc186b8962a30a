import Clerk
import ClerkLocalServer
import ClerkLocalTesting
import Foundation

/// Runs `body` against a local server started in-process with `preset`'s settings, changed by `adjust`.
func withLocalServer(
    _ preset: SettingsPreset, adjust: (inout InstanceSettings) -> Void = { _ in },
    _ body: (RunningServer) async throws -> Void
) async throws {
    var settings = preset.settings
    adjust(&settings)
    try await withLocalFrontendAPI(settings: settings, body)
}

extension RunningServer {
    /// A device that has never signed in: a client with no client token yet.
    func newDevice() throws -> ClerkClient {
        ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: baseURL))
    }

    /// The user reading the latest code sent to `destination` (the server's outbox) and typing it;
    /// `asked` counts how often they were asked.
    func codeReader(for destination: String, asked: Tally) -> @Sendable () async -> String {
        { [self] in
            await asked.add()
            return latestCode(to: destination) ?? "no code was sent"
        }
    }
}

/// How often the user was asked for something.
actor Tally {
    private(set) var count = 0

    func add() {
        count += 1
    }
}

/// Answers given one after the other, as a user would type them; records each question's refusal.
actor TypedAnswers {
    private var remaining: [String]
    private(set) var refusals: [ClerkError?] = []

    init(_ answers: [String]) {
        remaining = answers
    }

    func next(refusal: ClerkError? = nil) -> String {
        refusals.append(refusal)
        return remaining.isEmpty ? "nothing left to type" : remaining.removeFirst()
    }
}

/// A password a seeded account signs in with (long and unlikely enough for the password policy).
let seededPassword = "quiet-harbour-lantern-1907"

/// The fixed code of `+clerk_test` addresses and `+1 XXX 555-01NN` numbers.
let testCode = "424242"
