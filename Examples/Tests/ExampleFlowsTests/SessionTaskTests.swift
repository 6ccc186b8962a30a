import Clerk
import ClerkLocalServer
import ExampleFlows
import Testing

/// Session tasks on the created session are reported, not ignored.
@Suite("Session tasks")
struct SessionTaskTests {
    @Test("when the instance requires MFA, a user without it gets a pending session with the setup-mfa task, reported")
    func setupMFATaskReported() async {
        let result = await ExampleRunner.run(
            .emailPasswordSignIn,
            options: RunOptions(adjustSettings: { $0.mfa = MFASettings(authenticatorApp: true, required: true) }))
        #expect(result.passed, result.failureComment)
        #expect(result.sessions.first?.status == "pending")
        #expect(result.sessions.first?.tasks == ["setup-mfa"])
        #expect(result.events.contains(.sessionTasks([.setupMFA])))
        #expect(result.transcript.contains { $0.text.contains("session tasks to finish: setup-mfa (current: setup-mfa)") })
    }
}
