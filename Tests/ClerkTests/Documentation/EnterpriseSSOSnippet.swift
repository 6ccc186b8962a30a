import Clerk
import ClerkOAuth
import Foundation

/// Signs in through the enterprise connection serving the user's work address; the first time,
/// the transfer signs the user up.
public func signInWithEnterpriseSSO(
    clerk: ClerkClient, workAddress: String, session: some OAuthRedirectSession
) async throws -> ActiveSession {
    let registry = try FactorRegistry([EnterpriseSSOStrategy(session: session)])
    let driver = FlowDriver(client: clerk, registry: registry) { question in throw ClerkError.unanswered(question) }
    return try await driver.signIn(identifier: workAddress, strategy: .enterpriseSSO)
}
