import Clerk
import ClerkLocalServer
import ExampleFlows
import Foundation
import Testing

/// `--interactive`: a person answers at a terminal (here, a scripted one).
@Suite("Interactive answers")
struct InteractiveTests {
    @Test("the person types a wrong code, asks for a new one, then types the code from the outbox")
    func typedCodes() async throws {
        let server = Box<RunningServer?>(nil)
        let written = Box<[String]>([])
        let codePrompts = Box(0)
        let terminal = TerminalAnswers.Terminal(
            read: { prompt, secret in
                written.update { $0.append(prompt) }
                guard prompt.hasPrefix("Code") else { return "" }  // Enter: the offered default
                codePrompts.update { $0 += 1 }
                switch codePrompts.current {
                case 1: return "000000"
                case 2: return "r"
                default: return server.current?.latestCode(to: "hedy.lamarr@example.com")
                }
            },
            write: { line in written.update { $0.append(line) } })
        let result = await ExampleRunner.run(
            .emailCodeSignIn,
            options: RunOptions(
                terminal: terminal, adjustSettings: { $0.codes.resendIntervalSeconds = 0 },
                serverStarted: { server.set($0) }))
        #expect(result.passed, result.failureComment)
        let lines = written.current
        #expect(lines.contains("Email address [hedy.lamarr@example.com]: "))
        #expect(lines.contains { $0.hasPrefix("We sent a code by email to") })
        #expect(lines.contains { $0.hasPrefix("Code (r = send a new code, s = start over)") })
        // The refusal is shown next to the code field, before it is asked again.
        #expect(lines.contains { $0.hasPrefix("  ✗ Code: ") })
        #expect(result.events.contains(.codeResent(strategy: .emailCode)))
        #expect(server.current?.outbox(to: "hedy.lamarr@example.com").count == 2)
    }

    @Test("asking for a new code too soon says how long to wait, next to the code field")
    func resendTooSoon() async throws {
        let server = Box<RunningServer?>(nil)
        let written = Box<[String]>([])
        let codePrompts = Box(0)
        let terminal = TerminalAnswers.Terminal(
            read: { prompt, _ in
                guard prompt.hasPrefix("Code") else { return "" }
                codePrompts.update { $0 += 1 }
                return codePrompts.current == 1 ? "r" : server.current?.latestCode(to: "hedy.lamarr@example.com")
            },
            write: { line in written.update { $0.append(line) } })
        let result = await ExampleRunner.run(
            .emailCodeSignIn, options: RunOptions(terminal: terminal, serverStarted: { server.set($0) }))
        #expect(result.passed, result.failureComment)
        #expect(written.current.contains { $0.hasPrefix("  ✗ Code: a new code can be sent in ") })
        #expect(!result.events.contains(.codeResent(strategy: .emailCode)))
    }

    @Test("the password prompt asks not to echo, and a refused password is shown next to its field")
    func passwordNotEchoed() async throws {
        let secretPrompts = Box<[String]>([])
        let written = Box<[String]>([])
        let passwords = Box(0)
        let terminal = TerminalAnswers.Terminal(
            read: { prompt, secret in
                if secret { secretPrompts.update { $0.append(prompt) } }
                if prompt.hasPrefix("Password") {
                    passwords.update { $0 += 1 }
                    return passwords.current == 1 ? "wrong-password-1" : ""
                }
                return ""
            },
            write: { line in written.update { $0.append(line) } })
        // On a trusted path: MFA by authenticator app, whose code Enter takes from the seeded secret.
        let result = await ExampleRunner.run(.mfaTOTP, options: RunOptions(terminal: terminal))
        #expect(result.passed, result.failureComment)
        #expect(secretPrompts.current.count == 2)
        #expect(secretPrompts.current.allSatisfy { $0.hasPrefix("Password for joan.clarke@example.com") })
        #expect(written.current.contains { $0.hasPrefix("  ✗ Password: ") })
    }
}
