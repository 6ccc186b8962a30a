/// The organizations, their memberships and their invitations, each table with the lookups every
/// request uses (by slug, by organization, by user, by address), so that nothing scans a table.
package struct OrganizationBook: Sendable {
    package var organizations: TrackedTable<OrganizationRecord>
    package var memberships: TrackedTable<MembershipRecord>
    package var invitations: TrackedTable<OrganizationInvitationRecord>

    package init(tracksChanges: Bool) {
        organizations = TrackedTable(tracksChanges: tracksChanges, lookup: TableLookup { [OrganizationKey.slug($0.slug)] })
        memberships = TrackedTable(
            tracksChanges: tracksChanges,
            lookup: TableLookup {
                [OrganizationKey.organization($0.organizationID), LookupKey.user($0.userID), OrganizationKey.member($0.organizationID, $0.userID)]
            })
        invitations = TrackedTable(
            tracksChanges: tracksChanges,
            lookup: TableLookup {
                [OrganizationKey.organization($0.organizationID), LookupKey.email($0.emailAddress), LookupKey.digest($0.ticketDigest)]
            })
    }

    package func organization(slug: String) -> OrganizationRecord? {
        organizations.records(for: OrganizationKey.slug(slug)).first
    }

    package func membership(organizationID: String, userID: String) -> MembershipRecord? {
        memberships.records(for: OrganizationKey.member(organizationID, userID)).first
    }

    /// An organization's members, oldest first.
    package func members(of organizationID: String) -> [MembershipRecord] {
        memberships.records(for: OrganizationKey.organization(organizationID)).sorted(by: Self.oldestFirst)
    }

    /// A user's memberships, oldest first.
    package func memberships(ofUser userID: String) -> [MembershipRecord] {
        memberships.records(for: LookupKey.user(userID)).sorted(by: Self.oldestFirst)
    }

    package func invitations(of organizationID: String) -> [OrganizationInvitationRecord] {
        invitations.records(for: OrganizationKey.organization(organizationID)).sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    }

    package func invitations(to address: String) -> [OrganizationInvitationRecord] {
        invitations.records(for: LookupKey.email(address)).sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    }

    private static func oldestFirst(_ first: MembershipRecord, _ second: MembershipRecord) -> Bool {
        (first.createdAt, first.id) < (second.createdAt, second.id)
    }

    // MARK: The store's bookkeeping

    mutating func load(_ stored: StoredOrganizations) {
        organizations.load(stored.organizations)
        memberships.load(stored.memberships)
        invitations.load(stored.invitations)
    }

    mutating func clear() {
        organizations.clear()
        memberships.clear()
        invitations.clear()
    }

    mutating func startRecording() {
        organizations.startRecording()
        memberships.startRecording()
        invitations.startRecording()
    }

    mutating func stopRecording() -> OrganizationUndo {
        OrganizationUndo(
            organizations: organizations.stopRecording(), memberships: memberships.stopRecording(), invitations: invitations.stopRecording())
    }

    mutating func undo(_ undo: OrganizationUndo) {
        organizations.undo(undo.organizations)
        memberships.undo(undo.memberships)
        invitations.undo(undo.invitations)
    }

    mutating func takeChanges() -> OrganizationChanges {
        OrganizationChanges(
            organizations: organizations.takeChanges(), memberships: memberships.takeChanges(), invitations: invitations.takeChanges())
    }

    mutating func markChanged(_ changes: OrganizationChanges) {
        organizations.markChanged(changes.organizations.keys)
        memberships.markChanged(changes.memberships.keys)
        invitations.markChanged(changes.invitations.keys)
    }
}

/// The keys of the organization tables' lookups.
enum OrganizationKey {
    static func slug(_ slug: String) -> String { "slug:" + slug }
    static func organization(_ id: String) -> String { "organization:" + id }
    static func member(_ organizationID: String, _ userID: String) -> String { "member:" + organizationID + ":" + userID }
}

/// What undoes an operation's changes to the organization tables.
package struct OrganizationUndo: Sendable {
    package var organizations = TableUndo<OrganizationRecord>()
    package var memberships = TableUndo<MembershipRecord>()
    package var invitations = TableUndo<OrganizationInvitationRecord>()
}

/// The organization records changed in a batch (nil for a removed one).
package struct OrganizationChanges: Sendable {
    package var organizations: [String: OrganizationRecord?] = [:]
    package var memberships: [String: MembershipRecord?] = [:]
    package var invitations: [String: OrganizationInvitationRecord?] = [:]

    package var isEmpty: Bool { organizations.isEmpty && memberships.isEmpty && invitations.isEmpty }
}

/// The organization records storage kept, read at start.
package struct StoredOrganizations: Sendable {
    package var organizations: [(id: String, record: OrganizationRecord)] = []
    package var memberships: [(id: String, record: MembershipRecord)] = []
    package var invitations: [(id: String, record: OrganizationInvitationRecord)] = []

    package init(
        organizations: [(id: String, record: OrganizationRecord)] = [], memberships: [(id: String, record: MembershipRecord)] = [],
        invitations: [(id: String, record: OrganizationInvitationRecord)] = []
    ) {
        self.organizations = organizations
        self.memberships = memberships
        self.invitations = invitations
    }
}
