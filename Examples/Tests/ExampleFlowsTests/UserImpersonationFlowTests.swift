import Clerk
import ExampleFlows
import Testing

/// Flow 50 against the local server over loopback: the actor token's sign-in, then its refused reuse.
@Suite("User impersonation flow")
struct UserImpersonationFlowTests {
    @Test("two requests: the actor token's sign-in (complete at once) and its refused second use")
    func requests() async {
        let result = await ExampleRunner.run(.userImpersonation)
        #expect(result.passed, result.failureComment)
        #expect(result.requests == 2)
        #expect(result.transcript.filter { $0.kind == .check }.count == 5)
    }
}
