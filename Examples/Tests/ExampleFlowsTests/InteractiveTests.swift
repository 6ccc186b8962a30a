import Clerk
import ClerkLocalServer
import ExampleFlows
import Foundation
import NIOConcurrencyHelpers
import Testing

/// `--interactive`: a person answers at a terminal (here, a scripted one).
@Suite("Interactive answers")
struct InteractiveTests {
    static let hedy = "hedy.lamarr@example.com"

    @Test("a wrong code, an answer that is not a code, resend and start over (the words), then the right code")
    func codeStepWords() async throws {
        let person = ScriptedTerminal { prompt, terminal in
            guard prompt.hasPrefix("Code") else { return "" }  // Enter: Hedy's address
            let code = terminal.latestCode(to: Self.hedy) ?? ""
            switch terminal.count("Code") {
            case 0: return ScriptedTerminal.wrong(code)
            case 1: return "hello"
            case 2: return "resend"
            case 3: return "start over"
            default: return code
            }
        }
        let result = await ExampleRunner.run(.emailCodeSignIn, options: person.options { $0.codes.resendIntervalSeconds = 0 })
        #expect(result.passed, result.failureComment)
        let screen = person.screen
        #expect(screen.first == "\nHedy signs in with her email address and the code emailed to it")
        #expect(person.prompts.allSatisfy { !$0.text.hasPrefix("Code") || $0.text == "Code (or resend, start over): " })

        // After the wrong code: the refusal next to the field, and no claim that a code was sent.
        let wrong = person.prompts.first { $0.text.hasPrefix("Code") }?.typed ?? ""
        let afterWrong = person.linesAfter(typing: wrong)
        #expect(afterWrong.count == 1 && afterWrong[0].hasPrefix("  ✗ Code: "), "\(afterWrong)")

        // "hello" is refused here with a hint, and no request goes out.
        #expect(person.linesAfter(typing: "hello") == ["  ✗ Code: a code is the 6 digits we sent; or type resend for a new one, or start over"])
        let helloIndex = try #require(person.prompts.firstIndex { $0.typed == "hello" })
        #expect(person.prompts[helloIndex + 1].requestsBefore == person.prompts[helloIndex].requestsBefore)

        // "resend" sends a new code and says so; "start over" starts a new sign-in, which sends one.
        #expect(person.linesAfter(typing: "resend") == ["We sent a new code by email to \(Self.hedy)."])
        #expect(person.linesAfter(typing: "start over") == ["Starting over."])
        #expect(screen.filter { $0 == "We sent a code by email to \(Self.hedy)." }.count == 2)
        #expect(result.events.filter { $0 == .codeResent(strategy: .emailCode) }.count == 1)
        #expect(result.events.contains(.startingOver))
        #expect(result.rejections == ["form_code_incorrect"])
        #expect(person.server?.outbox(to: Self.hedy).count == 3)
        #expect(screen.contains("✓ Signed in."))
        // Only what a person needs: no request, question or flow-step lines of the transcript.
        #expect(!screen.contains { $0.hasPrefix("  → ") || $0.hasPrefix("  ? ") || $0.hasPrefix("  · ") || $0.contains("Hedy answers") })
    }

    @Test("the same refused code is not sent again and says so; five refusals end the step, in words")
    func refusedAnswers() async throws {
        let person = ScriptedTerminal { prompt, terminal in
            if prompt.hasPrefix("Start this flow over?") { return "n" }
            guard prompt.hasPrefix("Code") else { return "" }
            let code = terminal.latestCode(to: Self.hedy) ?? ""
            let count = terminal.count("Code")
            return ScriptedTerminal.wrong(code, offset: count == 0 ? 1 : count)  // the first wrong code twice
        }
        let result = await ExampleRunner.runInteractively(.emailCodeSignIn, options: person.options())
        #expect(!result.passed)
        #expect(person.count("Code") == 5)
        let codes = person.prompts.filter { $0.text.hasPrefix("Code") }
        #expect(codes[0].typed == codes[1].typed)
        #expect(person.linesAfter(typing: codes[1].typed!, occurrence: 1) == ["  ✗ That is the answer just refused, so it was not sent again."])
        // The repeat was not sent: one request to start, four attempts.
        #expect(result.requests == 5)
        #expect(result.events.filter { $0 == .refusedAnswerRepeated }.count == 1)
        #expect(person.screen.contains("  ✗ Code: 5 answers in a row were refused, so the flow stopped here"))
        #expect(person.count("Start this flow over? (y/n) [y]: ") == 1)
    }

    @Test("an unknown address shows Clerk's message for the field once; the y/n question asks again until answered")
    func unknownIdentifierAndStartOverQuestion() async throws {
        let person = ScriptedTerminal { prompt, terminal in
            if prompt.hasPrefix("Email address") { return terminal.count("Email address") == 0 ? "nobody@example.com" : "" }
            if prompt.hasPrefix("Start this flow over?") { return terminal.count("Start this flow over?") == 0 ? "maybe" : "y" }
            return terminal.latestCode(to: Self.hedy)
        }
        let result = await ExampleRunner.runInteractively(.emailCodeSignIn, options: person.options())
        #expect(result.passed, result.failureComment)
        let screen = person.screen
        #expect(person.linesAfter(typing: "nobody@example.com") == ["  ✗ Identifier: Couldn't find your account."])
        #expect(!screen.contains { $0.contains("form_identifier_not_found") || $0.contains("Clerk API error") })
        #expect(person.linesAfter(typing: "maybe") == ["  ✗ type y for yes or n for no"])
        #expect(person.count("Start this flow over? (y/n) [y]: ") == 2)
        #expect(screen.contains("✓ Signed in."))
    }

    @Test("asking for a new code too soon says how long to wait, next to the code field; r still means resend")
    func resendTooSoon() async throws {
        let person = ScriptedTerminal { prompt, terminal in
            guard prompt.hasPrefix("Code") else { return "" }
            return terminal.count("Code") == 0 ? "r" : terminal.latestCode(to: Self.hedy)
        }
        let result = await ExampleRunner.run(.emailCodeSignIn, options: person.options())
        #expect(result.passed, result.failureComment)
        #expect(person.linesAfter(typing: "r").first?.hasPrefix("  ✗ Code: a new code can be sent in ") == true)
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
