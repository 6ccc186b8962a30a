import Foundation

/// Realistic Frontend API answers, shaped like Clerk's real ones (including where those differ
/// from the spec: `locale: null` on sign-ins, `password` among supported identifiers,
/// environments lacking fields the spec requires). They live as JSON in `Payloads/`, which the
/// decode benchmarks read too.
enum Payloads {
    static let user = load("user")
    static let session = load("session")
    static let signInNeedsSecondFactor = load("sign_in_needs_second_factor")
    static let signInNeedsSecondFactorEnvelope = load("sign_in_needs_second_factor_envelope")
    static let completedSignIn = load("completed_sign_in_envelope")
    static let signUpMissingRequirements = load("sign_up_missing_requirements")
    static let signUpMissingRequirementsEnvelope = load("sign_up_missing_requirements_envelope")
    static let errorEnvelope = load("error_envelope")
    /// The other error shapes Clerk sends (the decode benchmarks time each): without `long_message` and
    /// `meta`, with `long_message` and `meta.param_name`, with `clerk_trace_id`, several errors.
    static let errorBare = load("error_bare")
    static let errorLongMessageAndMeta = load("error_long_message_meta")
    static let errorTraceID = load("error_trace_id")
    static let errorSeveral = load("error_several")
    /// An environment of an older API version: fields the 2026-05-12 spec requires are absent
    /// and others it does not list are present.
    static let olderEnvironment = load("older_environment")
    static let token = load("token")
    /// A session re-verification waiting for its second factor (`multi_factor`, password verified).
    static let sessionReverificationEnvelope = load("session_reverification_envelope")

    /// Every payload, for the mutation property test.
    static var all: [(name: String, json: String)] {
        [
            ("sign-in needing a second factor", signInNeedsSecondFactorEnvelope), ("completed sign-in", completedSignIn),
            ("sign-up missing requirements", signUpMissingRequirementsEnvelope), ("error envelope", errorEnvelope),
            ("older environment", olderEnvironment), ("token", token), ("session", session), ("user", user),
            ("session re-verification", sessionReverificationEnvelope),
        ]
    }

    /// A missing payload is a broken test bundle, not something a test can recover from.
    private static func load(_ name: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Payloads"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { fatalError("the test bundle lacks Payloads/\(name).json") }
        return text
    }
}
