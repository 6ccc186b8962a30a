import Clerk
import Testing

@testable import ExampleFlows

/// What a person types at a code prompt, read before anything is sent.
@Suite("Code entry")
struct CodeEntryTests {
    @Test(
        "six digits, spaces allowed, for codes sent by email or SMS and authenticator-app codes",
        arguments: [Strategy.emailCode, .phoneCode, .totp])
    func sixDigits(_ strategy: Strategy) {
        #expect(CodeEntry("424242", strategy: strategy) == .code("424242"))
        #expect(CodeEntry(" 424 242 ", strategy: strategy) == .code("424242"))
        for typed in ["hello", "42424", "4242424", "42424a", "", "４２４２４２"] {
            guard case .notACode = CodeEntry(typed, strategy: strategy) else {
                Issue.record("\(typed) taken as a code")
                continue
            }
        }
    }

    @Test("resend and start over, as words or letters, in any case")
    func words() {
        for typed in ["resend", "Resend", "r", "R"] {
            #expect(CodeEntry(typed, strategy: .emailCode) == .resend)
        }
        for typed in ["start over", "Start  Over", "s", "startover"] {
            #expect(CodeEntry(typed, strategy: .emailCode) == .startOver)
            #expect(CodeEntry(typed, strategy: .totp) == .startOver)
        }
    }

    @Test("nothing is sent for an authenticator app or a backup code, so resend gets a hint")
    func noResend() {
        guard case .notACode(let hint) = CodeEntry("resend", strategy: .totp) else {
            Issue.record("resend accepted for TOTP")
            return
        }
        #expect(hint.hasPrefix("nothing is sent"))
        guard case .notACode = CodeEntry("resend", strategy: .backupCode) else {
            Issue.record("resend accepted for a backup code")
            return
        }
    }

    @Test("a backup code is eight letters or digits; spaces and dashes are dropped")
    func backupCodes() {
        #expect(CodeEntry("abcd-2345", strategy: .backupCode) == .code("abcd2345"))
        #expect(CodeEntry("abcd 2345", strategy: .backupCode) == .code("abcd2345"))
        guard case .notACode = CodeEntry("424242", strategy: .backupCode) else {
            Issue.record("six digits taken as a backup code")
            return
        }
    }
}
