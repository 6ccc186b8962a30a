import ExampleFlows
import Testing

/// The answer that completes a flow carries the session's `last_active_token`: the SDK caches it, so the
/// app's first `sessionToken()` after any of the 13 documented flows sends no request.
@Suite("The first session token after a flow")
struct FirstSessionTokenTests {
    @Test("costs no request after each documented flow", arguments: ExampleFlow.all.filter { $0.number <= 13 })
    func firstTokenIsFree(_ flow: ExampleFlow) async {
        let result = await ExampleRunner.run(flow)
        #expect(result.passed, result.failureComment)
        #expect(result.requests > 0)
        #expect(result.requestsWithFirstToken == result.requests)
    }
}
