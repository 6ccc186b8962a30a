import ClerkLocalServer
import ExampleFlows
import Foundation
import NIOConcurrencyHelpers

/// A terminal a test types into. It keeps the screen as a person would see it (each line shown,
/// each prompt with what was typed after it), and counts the requests that went out, so a test
/// can tell which answers reached the server.
final class ScriptedTerminal: Sendable {
    /// One prompt and what was typed, with the number of requests sent before it was shown.
    struct Prompt: Sendable {
        var text: String
        var typed: String?
        var requestsBefore: Int
    }

    private let screenBox = NIOLockedValueBox<[String]>([])
    private let promptsBox = NIOLockedValueBox<[Prompt]>([])
    private let requests = NIOLockedValueBox(0)
    private let serverBox = NIOLockedValueBox<RunningServer?>(nil)
    /// What the person types at `prompt`; the second argument counts earlier prompts starting the same way.
    private let reply: @Sendable (_ prompt: String, _ terminal: ScriptedTerminal) -> String?

    init(reply: @escaping @Sendable (_ prompt: String, _ terminal: ScriptedTerminal) -> String?) {
        self.reply = reply
    }

    var terminal: TerminalAnswers.Terminal {
        TerminalAnswers.Terminal(
            read: { prompt, _ in
                let before = self.requests.withLockedValue { $0 }
                let typed = self.reply(prompt, self)
                self.promptsBox.withLockedValue { $0.append(Prompt(text: prompt, typed: typed, requestsBefore: before)) }
                self.screenBox.withLockedValue { $0.append(prompt + (typed ?? "")) }
                return typed
            },
            write: { line in self.screenBox.withLockedValue { $0.append(line) } })
    }

    /// Run options with this terminal, counting requests and keeping the embedded server.
    func options(adjust: (@Sendable (inout InstanceSettings) -> Void)? = nil) -> RunOptions {
        RunOptions(
            terminal: terminal, adjustSettings: adjust,
            live: { entry in if entry.kind == .request { self.requests.withLockedValue { $0 += 1 } } },
            serverStarted: { server in self.serverBox.withLockedValue { $0 = server } })
    }

    var screen: [String] { screenBox.withLockedValue { $0 } }
    var prompts: [Prompt] { promptsBox.withLockedValue { $0 } }
    var server: RunningServer? { serverBox.withLockedValue { $0 } }

    /// How many prompts so far began with `prefix`.
    func count(_ prefix: String) -> Int {
        promptsBox.withLockedValue { $0.filter { $0.text.hasPrefix(prefix) }.count }
    }

    /// The latest code sent to `address` by the current embedded server.
    func latestCode(to address: String) -> String? {
        server?.latestCode(to: address)
    }

    /// A code of the right form that is not `code`: its last digit moved by `offset` (1...9).
    static func wrong(_ code: String, offset: Int = 1) -> String {
        let last = Int(String(code.last!))!
        return String(code.dropLast()) + String((last + offset) % 10)
    }

    /// The screen lines after the prompt where `typed` was typed (its `occurrence`-th time, from
    /// 0), up to the next prompt.
    func linesAfter(typing typed: String, occurrence: Int = 0) -> [String] {
        let lines = screen
        let answered = Set(prompts.map { $0.text + ($0.typed ?? "") })
        let typedAt = lines.indices.filter { index in prompts.contains { $0.typed == typed && lines[index] == $0.text + typed } }
        guard typedAt.indices.contains(occurrence) else { return [] }
        let start = typedAt[occurrence] + 1
        let end = lines[start...].firstIndex { answered.contains($0) } ?? lines.endIndex
        return Array(lines[start..<end])
    }
}
