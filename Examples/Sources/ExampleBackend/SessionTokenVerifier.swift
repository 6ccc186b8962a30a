import Foundation
import JWTKit

/// What a valid session token says.
public struct VerifiedSession: Sendable, Hashable, Codable {
    public var userID: String
    public var sessionID: String
    public var expiresAt: Date
    /// The token format's version (`v`): 2.
    public var version: Int?
    /// Minutes since the first and the second factor were verified (`fva`; -1: no second factor).
    public var factorVerificationAge: [Int]?
    /// The session's active organization (`o`), when it has one.
    public var organization: OrganizationClaims?
    /// Who acts as the user (`act.sub`), when an actor token started the session; a backend decides
    /// by it what an impersonator may do.
    public var actorID: String?

    public init(
        userID: String, sessionID: String, expiresAt: Date, version: Int? = nil, factorVerificationAge: [Int]? = nil,
        organization: OrganizationClaims? = nil, actorID: String? = nil
    ) {
        self.userID = userID
        self.sessionID = sessionID
        self.expiresAt = expiresAt
        self.version = version
        self.factorVerificationAge = factorVerificationAge
        self.organization = organization
        self.actorID = actorID
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case sessionID = "session_id"
        case expiresAt = "expires_at"
        case version
        case factorVerificationAge = "factor_verification_age"
        case organization
        case actorID = "actor_id"
    }
}

/// What a backend accepts.
public struct VerificationPolicy: Sendable {
    /// The Frontend API that issues the tokens (`iss`).
    public var issuer: String
    /// Origins allowed as `azp`; a token without `azp` passes, as Clerk's backend SDKs let it.
    public var authorizedParties: [String]
    /// Clock skew allowed on `exp`, `nbf` and `iat`.
    public var leeway: TimeInterval
    /// Whether a `pending` session (tasks left) counts as signed in.
    public var acceptsPendingSessions: Bool

    public init(issuer: String, authorizedParties: [String], leeway: TimeInterval = 5, acceptsPendingSessions: Bool = false) {
        self.issuer = issuer
        self.authorizedParties = authorizedParties
        self.leeway = leeway
        self.acceptsPendingSessions = acceptsPendingSessions
    }
}

/// Verifies Clerk session tokens as a backend does: RS256 with a key from the Frontend API's
/// JWKS (read on first use, read again when a token names a key it does not hold), `exp`, `nbf`
/// and `iat` with a small leeway, `iss`, `azp` against the allowed origins, and a `sid`.
public actor SessionTokenVerifier {
    private let source: any JWKSSource
    private let policy: VerificationPolicy
    private let now: @Sendable () -> Date
    /// At most one JWKS read per this interval when tokens name unknown keys.
    private let refetchInterval: TimeInterval
    private var keys: JWTKeyCollection?
    private var lastFetch: Date?

    public init(
        source: any JWKSSource, policy: VerificationPolicy, refetchInterval: TimeInterval = 60,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.source = source
        self.policy = policy
        self.refetchInterval = refetchInterval
        self.now = now
    }

    public func verify(_ token: String) async -> Result<VerifiedSession, TokenRefusal> {
        do {
            return .success(try await check(token))
        } catch let refusal as TokenRefusal {
            return .failure(refusal)
        } catch {
            return .failure(TokenRefusal(.malformedToken, "the token could not be read"))
        }
    }

    private func check(_ token: String) async throws -> VerifiedSession {
        let claims = try await verifiedClaims(token, refetchingUnknownKey: true)
        let now = self.now()
        do {
            try claims.exp.verifyNotExpired(currentDate: now.addingTimeInterval(-policy.leeway))
        } catch {
            throw TokenRefusal(.expired, "the token expired at \(claims.exp.value)")
        }
        do {
            try claims.nbf?.verifyNotBefore(currentDate: now.addingTimeInterval(policy.leeway))
        } catch {
            throw TokenRefusal(.notYetValid, "the token is not valid before \(claims.nbf.map { "\($0.value)" } ?? "")")
        }
        if let iat = claims.iat, iat.value > now.addingTimeInterval(policy.leeway) {
            throw TokenRefusal(.issuedInTheFuture, "the token was issued at \(iat.value), ahead of this server's clock")
        }
        guard claims.iss.value == policy.issuer else {
            throw TokenRefusal(.wrongIssuer, "the token was issued by \(claims.iss.value), not \(policy.issuer)")
        }
        if let azp = claims.azp, !policy.authorizedParties.isEmpty, !policy.authorizedParties.contains(azp) {
            throw TokenRefusal(.unauthorizedParty, "the token was issued to \(azp), which is not an allowed origin")
        }
        guard let sessionID = claims.sid, !sessionID.isEmpty else {
            throw TokenRefusal(.missingSession, "the token names no session (sid)")
        }
        if claims.sts == "pending", !policy.acceptsPendingSessions {
            throw TokenRefusal(.pendingSession, "the session has tasks to finish")
        }
        return VerifiedSession(
            userID: claims.sub.value, sessionID: sessionID, expiresAt: claims.exp.value, version: claims.v,
            factorVerificationAge: claims.fva, organization: claims.o, actorID: claims.act?.sub)
    }

    private func verifiedClaims(_ token: String, refetchingUnknownKey: Bool) async throws -> BackendClaims {
        let keys = try await currentKeys()
        do {
            return try await keys.verify(token, as: BackendClaims.self)
        } catch let error as JWTError {
            let unknownKey = error.errorType == .unknownKID || error.errorType == .noKeyProvided
            switch error.errorType {
            case _ where unknownKey && refetchingUnknownKey && mayRefetch:
                self.keys = nil
                return try await verifiedClaims(token, refetchingUnknownKey: false)
            case .unknownKID, .noKeyProvided, .missingKIDHeader:
                throw TokenRefusal(.unknownKey, "the token is signed with a key the JWKS does not hold")
            case .signatureVerificationFailed:
                throw TokenRefusal(.invalidSignature, "the signature does not verify")
            default:
                throw TokenRefusal(.malformedToken, "the token is not a session token (\(error.errorType))")
            }
        }
    }

    private var mayRefetch: Bool {
        lastFetch.map { now().timeIntervalSince($0) >= refetchInterval } ?? true
    }

    private func currentKeys() async throws -> JWTKeyCollection {
        if let keys { return keys }
        let document: Data
        do {
            document = try await source.fetchJWKS()
        } catch {
            throw TokenRefusal(.keysUnavailable, "the JWKS could not be read")
        }
        let collection = JWTKeyCollection()
        do {
            try await collection.add(jwksJSON: String(decoding: document, as: UTF8.self))
            // Without a default key, a token must name (`kid`) a key of the JWKS; jwt-kit would
            // otherwise try its first key for any other `kid`.
            _ = await collection.clearDefault()
        } catch {
            throw TokenRefusal(.keysUnavailable, "the JWKS could not be parsed")
        }
        keys = collection
        lastFetch = now()
        return collection
    }
}
