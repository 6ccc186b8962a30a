/// What a strategy may use while it starts a sign-in (``FactorStrategy/start(_:)``): the
/// identifier, and the two ways to create the sign-in. A strategy whose start carries nothing
/// the user types creates it at once (`create()`, the default); one whose start carries a secret
/// (a password) asks it first (`askSecret`), so the sign-in and its first factor are one request.
public struct SignInStartContext {
    /// The identifier the sign-in starts with.
    public let identifier: String
    let strategy: any FactorStrategy
    let driver: FlowDriver

    init(identifier: String, strategy: any FactorStrategy, driver: FlowDriver) {
        self.identifier = identifier
        self.strategy = strategy
        self.driver = driver
    }

    /// Creates the sign-in with `startSignIn(identifier:password: nil)`, once more when its
    /// answer was lost before the server applied it.
    public func create() async throws(ClerkError) -> SignInHandle {
        let body = strategy.startSignIn(identifier: identifier, password: nil)
        let handle = try await driver.resendingIfNotApplied { () async throws(ClerkError) in try await driver.client.createSignIn(body) }
        driver.onEvent(.signInStarted(identifier: identifier, strategy: strategy.strategy))
        return handle
    }

    /// Asks for a secret of `kind` with `question` until the API accepts one (see
    /// ``FactorStepContext/askSecret(_:question:)``), creating the sign-in with it
    /// (`startSignIn(identifier:password:)`). After a refused secret the API may keep the sign-in
    /// waiting for its first factor: the next secret is attempted on it (`attemptFirstFactor`)
    /// rather than creating another.
    public func askSecret(
        _ kind: CredentialKind, question: (_ attempt: Int, _ refusal: ClerkError?) -> FlowQuestion
    ) async throws(ClerkError) -> FlowDriver.Step<SignInHandle> {
        // The sign-in the API kept waiting for its first factor after a refused secret.
        var waiting: SignInHandle?
        return try await driver.secretLoop(expecting: kind, question: question) { (secret) async throws(ClerkError) -> FlowDriver.Step<SignInHandle> in
            if let waiting {
                return .next(try await waiting.attemptFirstFactor(strategy.attemptFirstFactor(secret)))
            }
            do throws(ClerkError) {
                let handle = try await driver.client.createSignIn(strategy.startSignIn(identifier: identifier, password: secret))
                driver.onEvent(.signInStarted(identifier: identifier, strategy: strategy.strategy))
                return .next(handle)
            } catch {
                if FlowDriver.isRejectedCredential(error), let current = await driver.client.currentSignIn,
                    current.status == .needsFirstFactor,
                    current.identifier.map({ SafeIdentifier.names($0, identifier) }) ?? false
                {
                    waiting = current
                }
                throw error
            }
        }
    }
}
