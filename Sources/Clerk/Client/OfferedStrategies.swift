extension EnvironmentResource {
    /// The strategies this environment can say whether an instance offers for signing in: the
    /// others (tickets, OAuth, a strategy of your own) are never refused on its word.
    static let firstFactorsItDescribes: Set<Strategy> = [.password, .emailCode, .phoneCode, .emailLink]

    /// The first factors the instance offers for signing in, as its user settings list them
    /// (password when enabled, then each identifier's first factors); nil when it does not say.
    public var offeredFirstFactors: [Strategy]? {
        guard let attributes = userSettings?.attributes else { return nil }
        var offered: [Strategy] = []
        if attributes.password?.enabled == true { offered.append(.password) }
        for attribute in [attributes.emailAddress, attributes.phoneNumber, attributes.username] {
            guard let attribute, attribute.enabled == true, attribute.usedForFirstFactor != false else { continue }
            for strategy in attribute.firstFactors ?? [] where !offered.contains(strategy) {
                offered.append(strategy)
            }
        }
        return offered
    }

    /// Whether the instance is known not to offer `strategy` for signing in.
    func refuses(_ strategy: Strategy) -> Bool {
        guard Self.firstFactorsItDescribes.contains(strategy), let offered = offeredFirstFactors else { return false }
        return !offered.contains(strategy)
    }
}

extension ClerkClient {
    /// Throws `strategyNotOffered` when `environment` says the instance does not offer `strategy`.
    func ensureOffered(_ strategy: Strategy, by environment: EnvironmentResource?) throws(ClerkError) {
        guard let environment, environment.refuses(strategy) else { return }
        throw .configuration(.strategyNotOffered(strategy, offered: environment.offeredFirstFactors ?? []))
    }
}
