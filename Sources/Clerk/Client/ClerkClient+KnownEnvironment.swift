extension ClerkClient {
    /// Keeps `environment`, read earlier (at the app's launch, or cached from its last run), as
    /// ``knownEnvironment`` without a request: the strategy checks and the flow driver use it as
    /// if ``environment()`` had read it on this client.
    public func adoptEnvironment(_ environment: EnvironmentResource) {
        knownEnvironment = environment
    }
}
