import ClerkAPI
import Foundation

/// Sending email links and finding the verification a link's token belongs to.
extension InstanceRules {
    /// Checks `redirectURL`, sends a link to `address` (unless `deliver` is false: a concealed
    /// sign-in for an address without an account) and returns the verification waiting for it.
    mutating func prepareLink(
        _ strategy: Strategy, to address: String, factorID: String?, redirectURL: String?, purpose: String, deliver: Bool
    ) throws(FrontendError) -> VerificationRecord {
        guard let redirectURL, !redirectURL.isEmpty else { throw .missing("redirect_url") }
        if let refusal = RedirectURLRule.refusal(of: redirectURL, allowed: settings.allowedRedirectUrls) { throw refusal }
        let lifetime = settings.emailLink.lifetimeSeconds
        let (link, token) = LinkChallenge.issue(now: now, lifetimeSeconds: lifetime, redirectURL: redirectURL)
        if deliver {
            let message = outbox.deliverLink(
                to: address, purpose: purpose, link: operation.frontendAPIURL() + "/v1/verify?token=" + token,
                applicationName: settings.applicationName, lifetimeMinutes: max(1, lifetime / 60), now: now)
            state.deliveredInOperation?.insert(message.id)
        }
        return .link(strategy, link: link, factorID: factorID)
    }

    /// Why a link of the attempt of `attemptClientID` does not open for `openingClientID`: it expired,
    /// it was opened already, or the instance wants links opened by the client that asked for them.
    func refusal(opening link: LinkChallenge, of attemptClientID: String, by openingClientID: String?) -> LinkOpening? {
        // Opened already (a native link is not verified until the app completes it).
        if link.openedAt != nil { return LinkOpening(.failed, redirectURL: link.redirectURL) }
        switch link.status(now: now) {
        case .expired: return LinkOpening(.expired, redirectURL: link.redirectURL)
        case .verified: return LinkOpening(.failed, redirectURL: link.redirectURL)
        default: break
        }
        if settings.emailLink.requireSameClient, openingClientID != attemptClientID {
            return LinkOpening(.clientMismatch, redirectURL: link.redirectURL)
        }
        return nil
    }

    /// What a link's token opens: the current verification of a sign-in (first factor or Client
    /// Trust) or of a sign-up's email address. A token of a verification since replaced finds nothing.
    func linkTarget(token: String) -> LinkTarget? {
        let digest = TokenDigest.of(token)
        let opens = { (verification: VerificationRecord?) in verification?.link.map { TokenDigest.matches($0.tokenDigest, digest) } == true }
        let key = LookupKey.digest(digest)
        for signIn in signIns.records(for: key) {
            if opens(signIn.firstFactor) { return .signIn(id: signIn.id, stage: .firstFactor) }
            if opens(signIn.secondFactor) { return .signIn(id: signIn.id, stage: .clientTrust) }
        }
        for signUp in signUps.records(for: key) where opens(signUp.emailVerification) {
            return .signUp(id: signUp.id)
        }
        return nil
    }
}

/// The attempt an email link verifies.
package enum LinkTarget: Sendable, Equatable {
    case signIn(id: String, stage: LinkStage)
    case signUp(id: String)

    package enum LinkStage: Sendable, Equatable {
        case firstFactor, clientTrust
    }
}

/// What opening an email link did, for the redirect that answers it (`__clerk_status`).
package struct LinkOpening: Sendable, Equatable {
    package enum Status: String, Sendable {
        case verified, expired, failed
        case clientMismatch = "client_mismatch"
    }

    package var status: Status
    package var redirectURL: String
    package var createdSessionID: String?
    /// A native email link's approval: the flow (the sign-in's id) and the token the app completes it with.
    package var approval: (flowID: String, token: String)?

    package init(_ status: Status, redirectURL: String, createdSessionID: String? = nil, approval: (flowID: String, token: String)? = nil) {
        self.status = status
        self.redirectURL = redirectURL
        self.createdSessionID = createdSessionID
        self.approval = approval
    }

    package static func == (lhs: LinkOpening, rhs: LinkOpening) -> Bool {
        lhs.status == rhs.status && lhs.redirectURL == rhs.redirectURL && lhs.createdSessionID == rhs.createdSessionID
            && lhs.approval?.flowID == rhs.approval?.flowID && lhs.approval?.token == rhs.approval?.token
    }
}
