/// The strategies an app supports, keyed by strategy within each stage.
///
/// Registering a strategy for a stage where the same strategy value is already registered
/// throws `ClerkError.configuration(.duplicateStrategy)` (never a crash). Order matters: when
/// several registered strategies fit, the driver prefers the one registered first.
///
/// ```swift
/// var registry = FactorRegistry()
/// try registry.register(PasswordStrategy())
/// try registry.register(TOTPStrategy())
/// ```
public struct FactorRegistry: Sendable, CustomStringConvertible {
    private var entries: [any FactorStrategy] = []

    /// An empty registry.
    public init() {}

    /// A registry holding `strategies`, in order.
    /// - Throws: `ClerkError.configuration(.duplicateStrategy)` on a duplicate.
    public init(_ strategies: [any FactorStrategy]) throws(ClerkError) {
        for strategy in strategies { try register(strategy) }
    }

    /// Adds `strategy` for each of its stages.
    /// - Throws: `ClerkError.configuration(.duplicateStrategy)` when the same strategy value is
    ///   already registered for one of those stages; the registry is then unchanged.
    public mutating func register(_ strategy: any FactorStrategy) throws(ClerkError) {
        for stage in FactorStage.allCases where strategy.stages.contains(stage) {
            if entries.contains(where: { $0.strategy == strategy.strategy && $0.stages.contains(stage) }) {
                throw .configuration(.duplicateStrategy(strategy.strategy, stage: stage))
            }
        }
        entries.append(strategy)
    }

    /// Every registered strategy, in registration order.
    public var all: [any FactorStrategy] { entries }

    /// The strategies applying at `stage`, in registration order.
    public func strategies(for stage: FactorStage) -> [any FactorStrategy] {
        entries.filter { $0.stages.contains(stage) }
    }

    /// The strategy registered as `strategy` at `stage`.
    public func strategy(_ strategy: Strategy, for stage: FactorStage) -> (any FactorStrategy)? {
        entries.first { $0.strategy == strategy && $0.stages.contains(stage) }
    }

    /// Whether `strategy` is registered at `stage`.
    public func contains(_ strategy: Strategy, for stage: FactorStage) -> Bool {
        self.strategy(strategy, for: stage) != nil
    }

    /// The registered strategies at `stage` that can act on `factors`, each with the factor it
    /// picked, in registration order.
    public func applicable(
        at stage: FactorStage, among factors: [SignInFactor], identifier: String?
    ) -> [(strategy: any FactorStrategy, factor: SignInFactor)] {
        strategies(for: stage).compactMap { strategy in
            strategy.selectFactor(from: factors, identifier: identifier).map { (strategy, $0) }
        }
    }

    /// The registered strategies with their stages, in order.
    public var description: String {
        "FactorRegistry("
            + entries.map { entry in
                "\(entry.strategy.rawValue): \(FactorStage.allCases.filter(entry.stages.contains).map(\.rawValue).joined(separator: "+"))"
            }.joined(separator: ", ") + ")"
    }
}
