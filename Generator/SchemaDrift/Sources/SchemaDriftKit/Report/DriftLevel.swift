/// How much a change matters to the SDK as generated, as oasdiff grades API changes.
public enum DriftLevel: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// The generated SDK would break against the new API.
    case error = "ERR"
    /// It may break: a newly required request field the SDK could send, a removed enum value.
    case warning = "WARN"
    /// Additive: new optional fields, enum values, error codes, operations.
    case info = "INFO"

    private var rank: Int {
        switch self {
        case .error: 2
        case .warning: 1
        case .info: 0
        }
    }

    /// ERR is the greatest.
    public static func < (lhs: DriftLevel, rhs: DriftLevel) -> Bool { lhs.rank < rhs.rank }
}

/// The least level that makes `schema-drift` exit with status 1 (`--fail-on`), or never.
public enum FailThreshold: Sendable, Hashable {
    case level(DriftLevel)
    case never

    /// Reads `ERR`, `WARN`, `INFO` or `never`.
    public init?(argument: String) {
        if argument == "never" {
            self = .never
        } else if let level = DriftLevel(rawValue: argument) {
            self = .level(level)
        } else {
            return nil
        }
    }

    /// Whether a report with these changes fails.
    public func fails(_ changes: [DriftChange]) -> Bool {
        guard case .level(let threshold) = self else { return false }
        return changes.contains { $0.level >= threshold }
    }
}
