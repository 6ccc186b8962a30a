extension ClerkError {
    /// The error an answer provider throws for a question it has no answer to, instead of
    /// answering `.startOver` (which would ask the same question again):
    ///
    /// ```swift
    /// default: throw ClerkError.unanswered(question)
    /// ```
    ///
    /// The flow ends with `ClerkError.flow(.unansweredQuestion)`, naming the question.
    public static func unanswered(_ question: FlowQuestion) -> ClerkError {
        .flow(.unansweredQuestion(question.description))
    }
}
