import Clerk

/// Writes each question and its answer (secrets redacted) to the transcript.
struct TranscribedAnswers: FlowAnswerProvider {
    let base: any FlowAnswerProvider
    let transcript: Transcript
    let who: String

    func answer(_ question: FlowQuestion) async throws -> FlowAnswer {
        let answer: FlowAnswer
        do {
            answer = try await base.answer(question)
        } catch {
            // The flow driver keeps only the error's type; the transcript keeps why.
            let why = ExampleRunner.describe(error)
            transcript.answerFailure = why
            transcript.write(.failure, "\(question.description) — \(who) cannot answer: \(why)")
            throw error
        }
        transcript.write(.question, "\(question.description) — \(who) answers: \(answer.description)")
        return answer
    }
}
