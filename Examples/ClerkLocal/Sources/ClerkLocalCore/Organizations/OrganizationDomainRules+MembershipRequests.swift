import ClerkAPI
import Foundation

/// A suggestion with its organization.
package struct SuggestionView: Sendable {
    package var record: OrganizationSuggestionRecord
    package var organization: OrganizationRecord
}

/// A membership request with the user who asks.
package struct MembershipRequestView: Sendable {
    package var record: OrganizationMembershipRequestRecord
    package var user: UserRecord?
}

/// The user's suggestions (`/v1/me/organization_suggestions`) and the organization's membership
/// requests (`/v1/organizations/{id}/membership_requests`): accepting a suggestion asks to join, and
/// a member with `org:sys_memberships:manage` accepts (the user joins with the default role) or rejects.
extension OrganizationDomainRules {
    /// `GET /v1/me/organization_suggestions`: newest first; `status` filters (`pending`, `accepted`).
    package mutating func ownSuggestions(
        _ meta: RequestMeta, sessionID: String?, statuses: [String], page: PageRequest
    ) throws(FrontendError) -> StoreAnswer<ListPage<SuggestionView>> {
        let caller = try caller(meta, sessionID: sessionID, mutation: false)
        try requireDomainsEnabled()
        let found = organizationBook.suggestions(ofUser: caller.user.id).filter { statuses.isEmpty || statuses.contains($0.state.rawValue) }
        let listed = page.page(found)
        let items = listed.items.compactMap { record in
            organizationBook.organizations[record.organizationID].map { SuggestionView(record: record, organization: $0) }
        }
        return answer(ListPage(items: items, total: listed.total), caller)
    }

    /// `POST /v1/me/organization_suggestions/{id}/accept`: a pending request to join goes to the organization.
    package mutating func acceptSuggestion(
        _ meta: RequestMeta, sessionID: String?, suggestionID: String
    ) throws(FrontendError) -> StoreAnswer<SuggestionView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        try requireDomainsEnabled()
        guard var suggestion = organizationBook.suggestions[suggestionID], suggestion.userID == caller.user.id,
            let organization = organizationBook.organizations[suggestion.organizationID]
        else { throw .notFound("OrganizationSuggestionNotFound", parameter: "suggestion_id") }
        guard suggestion.state == .pending else { throw FrontendError(.organizationSuggestionAlreadyAccepted) }
        guard organizationBook.membership(organizationID: organization.id, userID: caller.user.id) == nil else {
            throw FrontendError(.alreadyAMemberInOrganization, longMessage: "\(caller.user.id) is already a member of the organization.")
        }
        suggestion.state = .accepted
        suggestion.updatedAt = now
        organizationBook.suggestions[suggestion.id] = suggestion
        let pending = organizationBook.requests.records(for: LookupKey.user(caller.user.id)).contains {
            $0.organizationID == organization.id && $0.state == .pending
        }
        if !pending {
            let request = OrganizationMembershipRequestRecord(
                id: SecureRandom.identifier(prefix: "orgreq"), organizationID: organization.id, userID: caller.user.id, state: .pending,
                createdAt: now, updatedAt: now)
            organizationBook.requests[request.id] = request
        }
        return answer(SuggestionView(record: suggestion, organization: organization), caller)
    }

    /// `GET …/membership_requests`: with `org:sys_memberships:read`, newest first; `status` filters.
    package mutating func listMembershipRequests(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, statuses: [String], page: PageRequest
    ) throws(FrontendError) -> StoreAnswer<ListPage<MembershipRequestView>> {
        let caller = try caller(meta, sessionID: sessionID, mutation: false)
        _ = try membership(of: caller, in: organizationID, needs: "org:sys_memberships:read")
        let found = organizationBook.requests(of: organizationID).filter { statuses.isEmpty || statuses.contains($0.state.rawValue) }
        let listed = page.page(found)
        return answer(ListPage(items: listed.items.map { MembershipRequestView(record: $0, user: users[$0.userID]) }, total: listed.total), caller)
    }

    /// `POST …/membership_requests/{id}/accept`: the user joins with the default role, within the
    /// organization's membership limit.
    package mutating func acceptMembershipRequest(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, requestID: String
    ) throws(FrontendError) -> StoreAnswer<MembershipRequestView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        let (organization, _) = try membership(of: caller, in: organizationID, needs: "org:sys_memberships:manage")
        var request = try pendingRequest(requestID, of: organizationID)
        guard organizationBook.membership(organizationID: organizationID, userID: request.userID) == nil else {
            throw FrontendError(.alreadyAMemberInOrganization, longMessage: "\(request.userID) is already a member of the organization.")
        }
        try requireRoom(in: organization, adding: 1)
        request.state = .accepted
        request.updatedAt = now
        organizationBook.requests[request.id] = request
        _ = addMembership(organizationID, userID: request.userID, role: organizationSettings.defaultRole)
        return answer(MembershipRequestView(record: request, user: users[request.userID]), caller)
    }

    /// `POST …/membership_requests/{id}/reject`.
    package mutating func rejectMembershipRequest(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, requestID: String
    ) throws(FrontendError) -> StoreAnswer<MembershipRequestView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        _ = try membership(of: caller, in: organizationID, needs: "org:sys_memberships:manage")
        var request = try pendingRequest(requestID, of: organizationID)
        request.state = .rejected
        request.updatedAt = now
        organizationBook.requests[request.id] = request
        return answer(MembershipRequestView(record: request, user: users[request.userID]), caller)
    }

    /// A request still pending: one already accepted or rejected is not found (Clerk's catalogue has no error of its own for it).
    private func pendingRequest(_ requestID: String, of organizationID: String) throws(FrontendError) -> OrganizationMembershipRequestRecord {
        guard let request = organizationBook.requests[requestID], request.organizationID == organizationID, request.state == .pending else {
            throw .notFound("OrganizationMembershipRequestNotFound", parameter: "request_id")
        }
        return request
    }
}
