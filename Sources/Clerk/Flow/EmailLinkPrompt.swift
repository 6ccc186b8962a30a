/// What an email-link question is about: where the link went and for which step.
public struct EmailLinkPrompt: Sendable, Hashable, CustomStringConvertible {
    /// Where in the flow the link verifies: first factor, Client Trust or sign-up verification.
    public var stage: FactorStage
    /// The address the link was sent to, masked by the API for a sign-in (e.g. `j***@example.com`).
    public var sentTo: String?

    /// A prompt for a link sent for `stage` to `sentTo`.
    public init(stage: FactorStage, sentTo: String? = nil) {
        self.stage = stage
        self.sentTo = sentTo
    }

    /// The prompt as a short phrase.
    public var description: String {
        "email link for \(stage.rawValue)" + (sentTo.map { " sent to \($0)" } ?? "")
    }
}
