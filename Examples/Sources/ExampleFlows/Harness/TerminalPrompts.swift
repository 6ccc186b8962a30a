import Foundation

extension TerminalAnswers.Terminal {
    /// Asks for a line; Enter takes `value`, which is shown in brackets (a secret's is not).
    /// - Throws: `ExampleFailure` when the input has ended.
    func ask(_ label: String, default value: String?, secret: Bool = false) throws -> String {
        let shown = value.map { secret ? " [Enter: the example's]" : " [\($0)]" } ?? ""
        guard let line = read("\(label)\(shown): ", secret) else {
            throw ExampleFailure("the terminal's input ended")
        }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? (value ?? "") : trimmed
    }

    /// Asks a yes-or-no question until the answer is one (y, yes, n, no; Enter takes `value`).
    /// - Throws: `ExampleFailure` when the input has ended.
    func askYesNo(_ label: String, default value: Bool) throws -> Bool {
        while true {
            switch try ask("\(label) (y/n)", default: value ? "y" : "n").lowercased() {
            case "y", "yes": return true
            case "n", "no": return false
            default: write("  ✗ type y for yes or n for no")
            }
        }
    }
}
