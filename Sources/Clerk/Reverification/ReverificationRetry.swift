/// How an `AccountHandle` re-verifies its session when an action needs it: the flow driver that
/// asks the user, and the level asked for.
public struct ReverificationRetry: Sendable {
    /// The driver that runs `reverify(level:sessionID:)`.
    public var driver: FlowDriver
    /// The level asked for; with no second factor, the API falls back to a first factor.
    public var level: SessionReverificationLevel

    /// Re-verification through `driver` at `level`.
    public init(driver: FlowDriver, level: SessionReverificationLevel) {
        self.driver = driver
        self.level = level
    }
}
