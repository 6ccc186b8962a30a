import ClerkAPI
import Foundation
import Synchronization

/// A refusal of the built-in provider, as an OAuth 2.0 server answers (`{"error", "error_description"}`).
package struct BuiltInOAuthError: Error, Sendable, Equatable {
    package var code: String
    package var description: String
    package var status: Int

    package init(code: String, description: String, status: Int) {
        self.code = code
        self.description = description
        self.status = status
    }

    static func invalidRequest(_ description: String) -> BuiltInOAuthError {
        BuiltInOAuthError(code: "invalid_request", description: description, status: 400)
    }

    static func invalidGrant(_ description: String) -> BuiltInOAuthError {
        BuiltInOAuthError(code: "invalid_grant", description: description, status: 400)
    }

    static let invalidClient = BuiltInOAuthError(code: "invalid_client", description: "unknown client or wrong client secret", status: 401)
}

/// The OpenID Connect provider clerk-local serves for Google in the `social` preset
/// (`oauth_providers.google.built_in`): it authorizes with a page listing test identities (and
/// "deny"), issues single-use codes bound to the client, the redirect URI and the PKCE challenge,
/// and exchanges them for an ID token. Its state lives in memory: a restart ends the sign-ins under way.
package final class BuiltInOAuthProvider: Sendable {
    /// What `GET …/authorize` asked, kept until the person chooses.
    package struct AuthorizationRequest: Sendable {
        package var clientID: String
        package var redirectURI: String
        package var state: String
        package var codeChallenge: String
        package var nonce: String?
        package var expiresAt: Date
    }

    /// A code given to the client through the browser, exchanged once.
    package struct IssuedCode: Sendable {
        package var request: AuthorizationRequest
        package var person: TestIdentity
        package var expiresAt: Date
    }

    /// What the token endpoint gives for a code: the person, and what the ID token must carry.
    package struct Grant: Sendable {
        package var person: TestIdentity
        package var nonce: String?
        package var accessToken: String
    }

    /// An access token's person, until it expires.
    private struct IssuedAccess {
        var person: TestIdentity
        var expiresAt: Date
    }

    private struct Book {
        var requests: [String: AuthorizationRequest] = [:]
        var codes: [String: IssuedCode] = [:]
        var accessTokens: [String: IssuedAccess] = [:]

        /// Drops what has expired, so that requests nobody finishes do not pile up.
        mutating func prune(now: Date) {
            requests = requests.filter { now < $0.value.expiresAt }
            codes = codes.filter { now < $0.value.expiresAt }
            accessTokens = accessTokens.filter { now < $0.value.expiresAt }
        }
    }

    package static let lifetime: TimeInterval = 600
    /// The people the authorize page offers.
    package static let people = [
        TestIdentity(emailAddress: "ada@clerk-local.test", givenName: "Ada", familyName: "Lovelace"),
        TestIdentity(emailAddress: "grace@clerk-local.test", givenName: "Grace", familyName: "Hopper"),
        TestIdentity(emailAddress: "alan@clerk-local.test", givenName: "Alan", familyName: "Turing"),
    ]
    private let book = Mutex(Book())

    package init() {}

    /// `GET …/authorize`: the request checked against the client's configuration; its id for the page.
    package func authorize(_ query: [String: String], config: OAuthProviderConfig, callbackURL: String, now: Date) throws(BuiltInOAuthError)
        -> String
    {
        guard query["response_type"] == "code" else { throw .invalidRequest("response_type must be code") }
        guard query["client_id"] == config.clientID else { throw .invalidClient }
        guard let redirectURI = query["redirect_uri"], redirectURI == callbackURL else {
            throw .invalidRequest("redirect_uri is not registered for this client")
        }
        guard let state = query["state"], !state.isEmpty else { throw .invalidRequest("state is required") }
        guard query["code_challenge_method"] == "S256", let challenge = query["code_challenge"], challenge.count == 43 else {
            throw .invalidRequest("PKCE with code_challenge_method S256 is required")
        }
        let id = SecureRandom.token()
        let request = AuthorizationRequest(
            clientID: config.clientID, redirectURI: redirectURI, state: state, codeChallenge: challenge, nonce: query["nonce"],
            expiresAt: now.addingTimeInterval(Self.lifetime))
        book.withLock {
            $0.prune(now: now)
            $0.requests[id] = request
        }
        return id
    }

    /// The person's answer on the page (`person` nil: denied): where the browser goes next, the
    /// client's redirect URI with a code or `error=access_denied`, and the request's `state`.
    package func decide(requestID: String, person: TestIdentity?, now: Date) throws(BuiltInOAuthError) -> String {
        let taken = book.withLock { $0.requests.removeValue(forKey: requestID) }
        guard let request = taken, now < request.expiresAt else { throw .invalidRequest("the authorization request is unknown or expired") }
        var items = [URLQueryItem(name: "state", value: request.state)]
        if let person {
            let code = SecureRandom.token()
            book.withLock { $0.codes[code] = IssuedCode(request: request, person: person, expiresAt: now.addingTimeInterval(Self.lifetime)) }
            items.insert(URLQueryItem(name: "code", value: code), at: 0)
        } else {
            items.insert(URLQueryItem(name: "error", value: "access_denied"), at: 0)
        }
        return URLQueryAppending.appending(items, to: request.redirectURI)
    }

    /// `POST …/token` (`grant_type=authorization_code`): the code (single use, unexpired), the
    /// client's credentials, the redirect URI it was issued for and the PKCE verifier all checked.
    package func exchange(_ form: [String: String], config: OAuthProviderConfig, now: Date) throws(BuiltInOAuthError) -> Grant {
        guard form["grant_type"] == "authorization_code" else {
            throw BuiltInOAuthError(code: "unsupported_grant_type", description: "only authorization_code", status: 400)
        }
        guard form["client_id"] == config.clientID, let secret = form["client_secret"], ConstantTime.equals(secret.utf8, config.clientSecret.utf8) else {
            throw .invalidClient
        }
        guard let code = form["code"], !code.isEmpty else { throw .invalidRequest("code is required") }
        let taken = book.withLock { $0.codes.removeValue(forKey: code) }
        guard let issued = taken, now < issued.expiresAt, issued.request.clientID == config.clientID else {
            throw .invalidGrant("the code is unknown, used or expired")
        }
        guard form["redirect_uri"] == issued.request.redirectURI else { throw .invalidGrant("redirect_uri differs from the authorization's") }
        guard let verifier = form["code_verifier"], PKCE.isValidVerifier(verifier), PKCE.challenge(for: verifier) == issued.request.codeChallenge
        else { throw .invalidGrant("code_verifier does not match the code_challenge") }
        let accessToken = SecureRandom.token()
        book.withLock { $0.accessTokens[accessToken] = IssuedAccess(person: issued.person, expiresAt: now.addingTimeInterval(Self.lifetime)) }
        return Grant(person: issued.person, nonce: issued.request.nonce, accessToken: accessToken)
    }

    /// `GET …/userinfo` with the access token a code gave, while it lasts (`expires_in`).
    package func person(accessToken: String, now: Date) -> TestIdentity? {
        book.withLock { $0.accessTokens[accessToken] }.flatMap { now < $0.expiresAt ? $0.person : nil }
    }

    /// The person of a test email address: one of `people`, or a new one (names left out).
    package static func person(emailAddress: String) -> TestIdentity? {
        let address = IdentifierFormat.normalizedEmail(emailAddress)
        guard IdentifierFormat.isValidEmail(address) else { return nil }
        return people.first { $0.emailAddress == address } ?? TestIdentity(emailAddress: address)
    }

    /// The provider's stable user id for `person`.
    package static func subject(of person: TestIdentity) -> String {
        person.subject ?? "builtin_" + TokenDigest.of("google:" + person.emailAddress).prefix(12).map { String(format: "%02x", $0) }.joined()
    }
}
