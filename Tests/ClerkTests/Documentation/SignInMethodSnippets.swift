import Clerk
import ClerkEmailLink
import ClerkIDToken
import ClerkPassword
import ClerkTicket
import Foundation

/// Signs in with an email link: the link is emailed, and the flow goes on once it is opened,
/// on this device (`redirect` hands over the URL the app received) or another (the driver polls).
public func signInWithEmailLink(
    clerk: ClerkClient, emailAddress: String, redirectURL: URL, redirect: @escaping @Sendable () async -> URL?
) async throws -> ActiveSession {
    let registry = try FactorRegistry([EmailLinkStrategy(redirectURL: redirectURL)])
    let driver = FlowDriver(client: clerk, registry: registry) { question -> FlowAnswer in
        switch question {
        case .identifier: return .identifier(emailAddress)
        case .emailLinkSent:
            // Opened here: the URL the app received. Opened elsewhere: wait for it.
            if let url = await redirect() { return .redirect(url) }
            return .acknowledged
        default: throw ClerkError.unanswered(question)
        }
    }
    return try await driver.signIn()
}

/// Accepts a ticket from a link the app received (`__clerk_ticket`): a sign-in token or an invitation.
public func acceptTicket(clerk: ClerkClient, link: URL, details: SignUpDetails) async throws -> ActiveSession {
    let driver = FlowDriver(client: clerk, registry: try FactorRegistry([TicketStrategy()])) { question in throw ClerkError.unanswered(question) }
    return try await driver.accept(try Ticket(url: link), details: details)
}

/// Signs in with Sign in with Apple's identity token; a first sign-in creates the user.
public func signInWithApple(
    clerk: ClerkClient, identityToken: String, authorizationCode: String?, details: SignUpDetails
) async throws -> ActiveSession {
    let token = try IdentityToken(.apple, token: SecretString(identityToken), code: authorizationCode.map { SecretString($0) })
    let driver = FlowDriver(client: clerk, registry: try FactorRegistry([IdentityTokenStrategy(.apple)])) { question in
        if case .missingFields = question { return .details(details) }
        throw ClerkError.unanswered(question)
    }
    return try await driver.signIn(with: token)
}

/// Changes the password, re-verifying with the current one first when the instance asks for it.
public func changePasswordReverifying(
    clerk: ClerkClient, current: SecretString, new: SecretString
) async throws -> User {
    let driver = FlowDriver(client: clerk, registry: try FactorRegistry([PasswordStrategy()])) { question in
        if case .password = question { return .password(current) }
        throw ClerkError.unanswered(question)
    }
    let account = try await clerk.account().reverifying(with: driver, level: .firstFactor)
    return try await account.changePassword(current: current, new: new)
}
