import ClerkAPI
import Foundation

/// Who a Frontend API request acts for, and what they may do in an organization.
extension OrganizationAggregate {
    /// The live session `sessionID` (else the client's last active one) and its user. A change is
    /// refused to a pending session, unless it `resolves` one of its tasks, and counts towards the
    /// rate limits. Refusals change nothing.
    package mutating func caller(
        _ meta: RequestMeta, sessionID: String?, mutation: Bool, resolves: Set<SessionTaskKey> = []
    ) throws(FrontendError) -> OrganizationCaller {
        try requireOrganizationsEnabled()
        let client = try requireClient(meta)
        guard let id = sessionID.flatMap({ $0.isEmpty ? nil : $0 }) ?? client.lastActiveSessionID else { throw .signedOut() }
        guard let session = sessions[id], session.clientID == client.id else {
            throw .notFound("SessionNotFound", parameter: "_clerk_session_id")
        }
        guard isLive(session), let user = users[session.userID] else { throw .signedOut() }
        if mutation {
            try requireNotPending(session, unlessResolving: resolves, action: "change organizations for")
            try admit(meta, account: user.id)
        }
        return OrganizationCaller(client: client, session: session, user: user)
    }

    /// The organization `id` and the caller's membership of it, with `permission` when one is named.
    /// An organization that does not exist is 404; one the caller is not in is 403, as is a missing permission.
    func membership(
        of caller: OrganizationCaller, in organizationID: String, needs permission: String?
    ) throws(FrontendError) -> (OrganizationRecord, MembershipRecord) {
        guard let organization = organizationBook.organizations[organizationID] else {
            throw FrontendError(.resourceNotFound, variant: "OrganizationNotFound")
        }
        guard let membership = organizationBook.membership(organizationID: organizationID, userID: caller.user.id) else {
            throw FrontendError(.notAMemberInOrganization)
        }
        if let permission, !permissions(ofRole: membership.role).contains(permission) {
            throw FrontendError(ClerkErrorCode(rawValue: "missing_organization_permission"))
        }
        return (organization, membership)
    }

    func answer<Resource: Sendable>(_ resource: Resource, _ caller: OrganizationCaller) -> StoreAnswer<Resource> {
        StoreAnswer(resource: resource, snapshot: snapshot(of: caller.client.id))
    }

}
