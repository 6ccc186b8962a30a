import ClerkLocalServer
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import ExampleBackend

@Suite("Session tokens verified as a backend verifies them")
struct SessionTokenVerifierTests {
    static let issuer = "http://127.0.0.1:8787"
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    /// Claims as the local server mints them, `seconds` after `now`.
    static func claims(
        iat: Int = Int(now.timeIntervalSince1970), lifetime: Int = 60, sid: String = "sess_1", azp: String = issuer,
        iss: String = issuer, sts: String? = nil
    ) -> SessionClaims {
        SessionClaims(iss: iss, sub: "user_1", sid: sid, azp: azp, iat: iat, nbf: iat - 10, exp: iat + lifetime, fva: [0, -1], sts: sts)
    }

    static func verifier(_ signer: SessionTokenSigner, parties: [String] = [issuer]) throws -> SessionTokenVerifier {
        SessionTokenVerifier(
            source: StaticJWKSSource(document: try signer.jwksDocument()),
            policy: VerificationPolicy(issuer: issuer, authorizedParties: parties), now: { now })
    }

    @Test("A valid token answers its user and session")
    func valid() async throws {
        let signer = try await SessionTokenSigner()
        let verifier = try Self.verifier(signer)
        let session = try await verifier.verify(signer.sign(Self.claims())).get()
        #expect(
            session
                == VerifiedSession(
                    userID: "user_1", sessionID: "sess_1", expiresAt: Self.now.addingTimeInterval(60), version: 2, factorVerificationAge: [0, -1]))
    }

    @Test("exp, nbf and iat are checked with a 5 s leeway, against the verifier's clock")
    func timeWindow() async throws {
        let signer = try await SessionTokenSigner()
        let verifier = try Self.verifier(signer)
        let start = Int(Self.now.timeIntervalSince1970)
        // Expired 4 s ago: inside the leeway. Expired 6 s ago: refused.
        #expect(try await verifier.verify(signer.sign(Self.claims(iat: start - 64))).map(\.userID) == .success("user_1"))
        #expect(try await verifier.verify(signer.sign(Self.claims(iat: start - 66))).refusal == .expired)
        // Issued 4 s ahead: inside the leeway. Issued 6 s ahead: refused, as Clerk's backend SDKs refuse it.
        #expect(try await verifier.verify(signer.sign(Self.claims(iat: start + 4))).map(\.userID) == .success("user_1"))
        #expect(try await verifier.verify(signer.sign(Self.claims(iat: start + 6))).refusal == .issuedInTheFuture)
        // nbf 6 s ahead (with iat now): refused.
        var early = Self.claims()
        early.nbf = start + 6
        #expect(try await verifier.verify(signer.sign(early)).refusal == .notYetValid)
    }

    @Test("azp must be an allowed origin; the issuer must be the Frontend API")
    func partyAndIssuer() async throws {
        let signer = try await SessionTokenSigner()
        let verifier = try Self.verifier(signer, parties: ["https://app.example.com"])
        #expect(try await verifier.verify(signer.sign(Self.claims(azp: "https://app.example.com"))).refusal == nil)
        #expect(try await verifier.verify(signer.sign(Self.claims(azp: "https://evil.example.com"))).refusal == .unauthorizedParty)
        #expect(try await verifier.verify(signer.sign(Self.claims(azp: "https://app.example.com", iss: "https://other.example.com"))).refusal == .wrongIssuer)
    }

    @Test("A token without a session, or of a pending session, is refused")
    func sessionClaims() async throws {
        let signer = try await SessionTokenSigner()
        let verifier = try Self.verifier(signer)
        #expect(try await verifier.verify(signer.sign(Self.claims(sid: ""))).refusal == .missingSession)
        #expect(try await verifier.verify(signer.sign(Self.claims(sts: "pending"))).refusal == .pendingSession)
        let template = TemplateClaims(
            iss: Self.issuer, sub: "user_1", azp: Self.issuer, iat: Int(Self.now.timeIntervalSince1970), nbf: 0,
            exp: Int(Self.now.timeIntervalSince1970) + 60, jti: "jwt_1", custom: ["role": .string("admin")])
        #expect(try await verifier.verify(signer.sign(template)).refusal == .missingSession)
    }

    @Test("Another key, a changed signature and garbage are refused, each with its reason")
    func signatures() async throws {
        let signer = try await SessionTokenSigner()
        let other = try await SessionTokenSigner()
        let verifier = try Self.verifier(signer)
        #expect(try await verifier.verify(other.sign(Self.claims())).refusal == .unknownKey)
        let token = try await signer.sign(Self.claims())
        var parts = token.split(separator: ".").map(String.init)
        parts[2] = String(parts[2].reversed())
        #expect(await verifier.verify(parts.joined(separator: ".")).refusal == .invalidSignature)
        #expect(await verifier.verify("not-a-jwt").refusal == .malformedToken)
    }

    @Test("A token naming a key the JWKS did not hold reads the JWKS again (keys rotated), at most once a minute")
    func rotation() async throws {
        let old = try await SessionTokenSigner()
        let new = try await SessionTokenSigner()
        let source = RotatingSource(try old.jwksDocument())
        let clock = NIOLockedValueBox(Self.now)
        let verifier = SessionTokenVerifier(
            source: source, policy: VerificationPolicy(issuer: Self.issuer, authorizedParties: [Self.issuer]),
            now: { clock.withLockedValue { $0 } })
        #expect(try await verifier.verify(old.sign(Self.claims())).refusal == nil)
        source.document = try new.jwksDocument()
        // Just read: not read again yet.
        #expect(try await verifier.verify(new.sign(Self.claims())).refusal == .unknownKey)
        #expect(source.reads == 1)
        clock.withLockedValue { $0 += 61 }
        #expect(try await verifier.verify(new.sign(Self.claims(iat: Int(Self.now.timeIntervalSince1970) + 61))).refusal == nil)
        #expect(source.reads == 2)
    }

    @Test("No JWKS: refused as unavailable, never accepted")
    func keysUnavailable() async throws {
        let signer = try await SessionTokenSigner()
        let verifier = SessionTokenVerifier(
            source: StaticJWKSSource(document: Data("{}".utf8)),
            policy: VerificationPolicy(issuer: Self.issuer, authorizedParties: []), now: { Self.now })
        #expect(try await verifier.verify(signer.sign(Self.claims())).refusal == .keysUnavailable)
    }
}

final class RotatingSource: JWKSSource {
    private let state: NIOLockedValueBox<(document: Data, reads: Int)>

    init(_ document: Data) {
        state = NIOLockedValueBox((document, 0))
    }

    var document: Data {
        get { state.withLockedValue { $0.document } }
        set { state.withLockedValue { $0.document = newValue } }
    }

    var reads: Int { state.withLockedValue { $0.reads } }

    func fetchJWKS() async throws -> Data {
        state.withLockedValue {
            $0.reads += 1
            return $0.document
        }
    }
}

extension Result where Failure == TokenRefusal {
    var refusal: TokenRefusal.Reason? {
        if case .failure(let refusal) = self { return refusal.reason }
        return nil
    }
}
