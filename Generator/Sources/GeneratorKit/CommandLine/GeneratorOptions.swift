/// The generator's flags. The SDK package has no dependencies, so it parses them itself.
public struct GeneratorOptions: Sendable, Hashable {
    public var schemaPath = "Schema"
    public var outputPath = "Sources/ClerkAPI/Generated"
    public var check = false
    public var quiet = false
    public var imports: [String] = []
    public var showHelp = false

    public init() {}

    public static let usage = """
        USAGE: Generator [--schema <dir>] [--output <dir>] [--check] [--import <module>]... [--quiet]

        Reads the JSON schema and writes the generated Swift API layer.

        OPTIONS:
          --schema <dir>      The schema folder (default: Schema).
          --output <dir>      Where generated files go (default: Sources/ClerkAPI/Generated).
          --check             Write nothing; exit 1 and list the stale files if the output differs.
          --import <module>   A module every generated file imports (default: ClerkWire). Repeatable.
          --quiet             Print only problems.
          -h, --help          Show this help.
        """

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case unknownOption(String)
        case missingValue(String)

        public var description: String {
            switch self {
            case .unknownOption(let option): "unknown option '\(option)'"
            case .missingValue(let option): "option '\(option)' needs a value"
            }
        }
    }

    public init(arguments: [String]) throws(ParseError) {
        var remaining = arguments[...]
        func value(for option: String) throws(ParseError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else { throw .missingValue(option) }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--schema": schemaPath = try value(for: argument)
            case "--output": outputPath = try value(for: argument)
            case "--import": imports.append(try value(for: argument))
            case "--check": check = true
            case "--quiet": quiet = true
            case "-h", "--help": showHelp = true
            default: throw .unknownOption(argument)
            }
        }
    }
}
