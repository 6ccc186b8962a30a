import Clerk
import ClerkLocalServer
import ExampleFlows
import Foundation
import NIOConcurrencyHelpers
import Testing

/// `--interactive`: a person answers at a terminal (here, a scripted one).
@Suite("Interactive answers")
struct InteractiveTests {
    @Test("the person types a wrong code, asks for a new one, then types the code from the outbox")
    func typedCodes() async throws {
        let server = NIOLockedValueBox<RunningServer?>(nil)
        let written = NIOLockedValueBox<[String]>([])
        let codePrompts = NIOLockedValueBox(0)
        let terminal = TerminalAnswers.Terminal(
            read: { prompt, secret in
                written.withLockedValue { $0.append(prompt) }
                guard prompt.hasPrefix("Code") else { return "" }  // Enter: the offered default
                let attempt = codePrompts.withLockedValue { count in
                    count += 1
                    return count
                }
                switch attempt {
                case 1: return "000000"
                case 2: return "r"
                default: return server.withLockedValue { $0 }?.latestCode(to: "hedy.lamarr@example.com")
                }
            },
            write: { line in written.withLockedValue { $0.append(line) } })
        let result = await ExampleRunner.run(
            .emailCodeSignIn,
            options: RunOptions(
                terminal: terminal, adjustSettings: { $0.codes.resendIntervalSeconds = 0 },
                serverStarted: { started in server.withLockedValue { $0 = started } }))
        #expect(result.passed, result.failureComment)
        let lines = written.withLockedValue { $0 }
        #expect(lines.contains("Email address [hedy.lamarr@example.com]: "))
        #expect(lines.contains { $0.hasPrefix("We sent a code by email to") })
        #expect(lines.contains { $0.hasPrefix("Code (r = send a new code, s = start over)") })
        // The refusal is shown next to the code field, before it is asked again.
        #expect(lines.contains { $0.hasPrefix("  ✗ Code: ") })
        #expect(result.events.contains(.codeResent(strategy: .emailCode)))
        #expect(server.withLockedValue { $0 }?.outbox(to: "hedy.lamarr@example.com").count == 2)
    }

    @Test("asking for a new code too soon says how long to wait, next to the code field")
    func resendTooSoon() async throws {
        let server = NIOLockedValueBox<RunningServer?>(nil)
        let written = NIOLockedValueBox<[String]>([])
        let codePrompts = NIOLockedValueBox(0)
        let terminal = TerminalAnswers.Terminal(
            read: { prompt, _ in
                guard prompt.hasPrefix("Code") else { return "" }
                codePrompts.withLockedValue { $0 += 1 }
                return codePrompts.withLockedValue { $0 } == 1 ? "r" : server.withLockedValue { $0 }?.latestCode(to: "hedy.lamarr@example.com")
            },
            write: { line in written.withLockedValue { $0.append(line) } })
        let result = await ExampleRunner.run(
            .emailCodeSignIn, options: RunOptions(terminal: terminal, serverStarted: { started in server.withLockedValue { $0 = started } }))
        #expect(result.passed, result.failureComment)
        #expect(written.withLockedValue { $0 }.contains { $0.hasPrefix("  ✗ Code: a new code can be sent in ") })
        #expect(!result.events.contains(.codeResent(strategy: .emailCode)))
    }

    @Test("the password prompt asks not to echo, and a refused password is shown next to its field")
    func passwordNotEchoed() async throws {
        let secretPrompts = NIOLockedValueBox<[String]>([])
        let written = NIOLockedValueBox<[String]>([])
        let passwords = NIOLockedValueBox(0)
        let terminal = TerminalAnswers.Terminal(
            read: { prompt, secret in
                if secret { secretPrompts.withLockedValue { $0.append(prompt) } }
                if prompt.hasPrefix("Password") {
                    passwords.withLockedValue { $0 += 1 }
                    return passwords.withLockedValue { $0 } == 1 ? "wrong-password-1" : ""
                }
                return ""
            },
            write: { line in written.withLockedValue { $0.append(line) } })
        // On a trusted path: MFA by authenticator app, whose code Enter takes from the seeded secret.
        let result = await ExampleRunner.run(.mfaTOTP, options: RunOptions(terminal: terminal))
        #expect(result.passed, result.failureComment)
        #expect(secretPrompts.withLockedValue { $0 }.count == 2)
        #expect(secretPrompts.withLockedValue { $0 }.allSatisfy { $0.hasPrefix("Password for joan.clarke@example.com") })
        #expect(written.withLockedValue { $0 }.contains { $0.hasPrefix("  ✗ Password: ") })
    }
}
