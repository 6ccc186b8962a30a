import ClerkAPI
import Foundation

/// The signed-in caller, and `/v1/organizations` and `/v1/organizations/{id}`.
extension OrganizationRules {
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

    // MARK: Organizations

    /// `POST /v1/organizations`: the creator becomes a member with the creator role. A session
    /// pending its `choose-organization` task may create one (then touch the session with it).
    package mutating func createOrganization(
        _ meta: RequestMeta, sessionID: String?, name: String?, slug: String?
    ) throws(FrontendError) -> StoreAnswer<OrganizationView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true, resolves: [.chooseOrganization])
        let name = try Self.organizationName(name)
        let slug = try newSlug(slug, name: name, organizationID: nil)
        let record = OrganizationRecord(
            id: SecureRandom.identifier(prefix: "org"), name: name, slug: slug, publicMetadata: .object([:]), privateMetadata: .object([:]),
            maxAllowedMemberships: nil, adminDeleteEnabled: true, createdBy: caller.user.id, createdAt: now, updatedAt: now)
        organizationBook.organizations[record.id] = record
        _ = addMembership(record.id, userID: caller.user.id, role: organizationSettings.creatorRole)
        return answer(organizationView(record), caller)
    }

    /// `GET /v1/organizations/{id}`: for its members.
    package mutating func readOrganization(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<OrganizationView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: false)
        let (organization, _) = try membership(of: caller, in: id, needs: nil)
        return answer(organizationView(organization), caller)
    }

    /// `PATCH /v1/organizations/{id}`: name and slug, with `org:sys_profile:manage`.
    package mutating func updateOrganization(
        _ meta: RequestMeta, sessionID: String?, id: String, name: String?, slug: String?
    ) throws(FrontendError) -> StoreAnswer<OrganizationView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        var (organization, _) = try membership(of: caller, in: id, needs: "org:sys_profile:manage")
        if let name { organization.name = try Self.organizationName(name) }
        if let slug { organization.slug = try newSlug(slug, name: organization.name, organizationID: organization.id) }
        organization.updatedAt = now
        organizationBook.organizations[organization.id] = organization
        return answer(organizationView(organization), caller)
    }

    /// `DELETE /v1/organizations/{id}`: with `org:sys_profile:delete`, when admins may delete; its
    /// memberships and invitations end with it.
    package mutating func deleteOrganization(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<DeletedResource> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        let (organization, _) = try membership(of: caller, in: id, needs: "org:sys_profile:delete")
        guard organizationSettings.adminDeleteEnabled, organization.adminDeleteEnabled else {
            throw FrontendError(.organizationAdminDeleteNotEnabled)
        }
        removeOrganization(organization)
        return answer(DeletedResource(object: "organization", id: organization.id, slug: organization.slug), caller)
    }

    // MARK: Names and slugs

    static func organizationName(_ name: String?) throws(FrontendError) -> String {
        let trimmed = (name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .missing("name") }
        guard trimmed.count <= 256 else { throw .invalidFormat("name", longMessage: "name must be at most 256 characters.") }
        return trimmed
    }

    /// The slug asked for (unique, letters, digits, `-` and `_`), or one made from the name.
    func newSlug(_ asked: String?, name: String, organizationID: String?) throws(FrontendError) -> String {
        if let asked {
            if organizationSettings.slugDisabled { throw FrontendError(.organizationSlugsDisabled) }
            let slug = asked.lowercased()
            guard Self.isValidSlug(slug) else {
                throw .invalidFormat(
                    "slug", longMessage: "Slug must only use letters, numbers, dashes (-), and underscores (_). Colons and other characters are not allowed.")
            }
            if let owner = organizationBook.organization(slug: slug), owner.id != organizationID {
                throw FrontendError(.formIdentifierExists, paramName: "slug", message: "That slug is taken. Please try another.")
            }
            return slug
        }
        var base = ""
        for character in name.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                base.append(character)
            } else if !base.isEmpty, base.last != "-" {
                base.append("-")
            }
        }
        while base.last == "-" { base.removeLast() }
        if base.isEmpty { base = "organization" }
        var slug = String(base.prefix(64))
        while organizationBook.organization(slug: slug) != nil {
            slug = String(base.prefix(57)) + "-" + SecureRandom.identifier(prefix: "x").suffix(6).lowercased()
        }
        return slug
    }

    static func isValidSlug(_ slug: String) -> Bool {
        !slug.isEmpty && slug.count <= 64
            && slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}
