import Clerk
import NIOConcurrencyHelpers

/// Answers some questions from a script, in order, and the rest from another provider: how the
/// tests take the error branches (a wrong password, a wrong code, "send a new code", "start over").
public struct ScriptedAnswers: FlowAnswerProvider {
    /// One scripted answer: given to the first question it matches, once.
    public struct Step: Sendable {
        let matches: @Sendable (FlowQuestion) -> Bool
        let answer: @Sendable (FlowQuestion) async throws -> FlowAnswer

        public init(
            when matches: @escaping @Sendable (FlowQuestion) -> Bool,
            answer: @escaping @Sendable (FlowQuestion) async throws -> FlowAnswer
        ) {
            self.matches = matches
            self.answer = answer
        }

        /// At the next password question, answer `password`.
        public static func password(_ password: SecretString) -> Step {
            Step(when: { if case .password = $0 { true } else { false } }, answer: { _ in .password(password) })
        }

        /// At the next code question, answer `answer` (a code, `.resendCode` or `.startOver`).
        public static func code(_ answer: FlowAnswer) -> Step {
            Step(when: { if case .code = $0 { true } else { false } }, answer: { _ in answer })
        }

        /// At the next code question, run `action` first (e.g. move the server's clock), then
        /// answer as the fallback would.
        public static func beforeCode(_ action: @escaping @Sendable () async -> Void) -> Step {
            Step(
                when: { if case .code = $0 { true } else { false } },
                answer: { _ in
                    await action()
                    throw Passthrough()
                })
        }
    }

    /// Thrown by a step that only acts, to let the fallback answer.
    struct Passthrough: Error {}

    private let steps: NIOLockedValueBox<[Step]>
    private let fallback: any FlowAnswerProvider

    public init(_ steps: [Step], then fallback: any FlowAnswerProvider) {
        self.steps = NIOLockedValueBox(steps)
        self.fallback = fallback
    }

    public func answer(_ question: FlowQuestion) async throws -> FlowAnswer {
        let step: Step? = steps.withLockedValue { steps in
            guard let first = steps.first, first.matches(question) else { return nil }
            return steps.removeFirst()
        }
        if let step {
            do {
                return try await step.answer(question)
            } catch is Passthrough {
                return try await fallback.answer(question)
            }
        }
        return try await fallback.answer(question)
    }
}
