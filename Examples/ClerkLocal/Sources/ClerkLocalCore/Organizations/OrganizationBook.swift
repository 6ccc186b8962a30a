/// The organizations, their memberships, invitations, domains, suggestions and membership requests, each table with the lookups every
/// request uses (by slug, by organization, by user, by address), so that nothing scans a table.
package struct OrganizationBook: Sendable {
    package var organizations: TrackedTable<OrganizationRecord>
    package var memberships: TrackedTable<MembershipRecord>
    package var invitations: TrackedTable<OrganizationInvitationRecord>
    package var domains: TrackedTable<OrganizationDomainRecord>
    package var suggestions: TrackedTable<OrganizationSuggestionRecord>
    package var requests: TrackedTable<OrganizationMembershipRequestRecord>

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
                    + ($0.domainID.map { [OrganizationKey.domain($0)] } ?? [])
            })
        domains = TrackedTable(
            tracksChanges: tracksChanges, lookup: TableLookup { [OrganizationKey.organization($0.organizationID), OrganizationKey.domainName($0.name)] })
        suggestions = TrackedTable(
            tracksChanges: tracksChanges,
            lookup: TableLookup { [OrganizationKey.organization($0.organizationID), LookupKey.user($0.userID), OrganizationKey.domain($0.domainID)] })
        requests = TrackedTable(
            tracksChanges: tracksChanges, lookup: TableLookup { [OrganizationKey.organization($0.organizationID), LookupKey.user($0.userID)] })
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

    /// An organization's domains, oldest first.
    package func domains(of organizationID: String) -> [OrganizationDomainRecord] {
        domains.records(for: OrganizationKey.organization(organizationID)).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// The domains named `name` in every organization.
    package func domains(named name: String) -> [OrganizationDomainRecord] {
        domains.records(for: OrganizationKey.domainName(name))
    }

    /// A user's suggestions, newest first.
    package func suggestions(ofUser userID: String) -> [OrganizationSuggestionRecord] {
        suggestions.records(for: LookupKey.user(userID)).sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    }

    /// An organization's membership requests, newest first.
    package func requests(of organizationID: String) -> [OrganizationMembershipRequestRecord] {
        requests.records(for: OrganizationKey.organization(organizationID)).sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    }

    private static func oldestFirst(_ first: MembershipRecord, _ second: MembershipRecord) -> Bool {
        (first.createdAt, first.id) < (second.createdAt, second.id)
    }

    // MARK: The store's bookkeeping

    mutating func load(_ stored: StoredOrganizations) {
        organizations.load(stored.organizations)
        memberships.load(stored.memberships)
        invitations.load(stored.invitations)
        domains.load(stored.domains)
        suggestions.load(stored.suggestions)
        requests.load(stored.requests)
    }

    mutating func clear() {
        organizations.clear()
        memberships.clear()
        invitations.clear()
        domains.clear()
        suggestions.clear()
        requests.clear()
    }

    mutating func startRecording() {
        organizations.startRecording()
        memberships.startRecording()
        invitations.startRecording()
        domains.startRecording()
        suggestions.startRecording()
        requests.startRecording()
    }

    mutating func stopRecording() -> OrganizationUndo {
        OrganizationUndo(
            organizations: organizations.stopRecording(), memberships: memberships.stopRecording(), invitations: invitations.stopRecording(),
            domains: domains.stopRecording(), suggestions: suggestions.stopRecording(), requests: requests.stopRecording())
    }

    mutating func undo(_ undo: OrganizationUndo) {
        organizations.undo(undo.organizations)
        memberships.undo(undo.memberships)
        invitations.undo(undo.invitations)
        domains.undo(undo.domains)
        suggestions.undo(undo.suggestions)
        requests.undo(undo.requests)
    }

    mutating func takeChanges() -> OrganizationChanges {
        OrganizationChanges(
            organizations: organizations.takeChanges(), memberships: memberships.takeChanges(), invitations: invitations.takeChanges(),
            domains: domains.takeChanges(), suggestions: suggestions.takeChanges(), requests: requests.takeChanges())
    }

    mutating func markChanged(_ changes: OrganizationChanges) {
        organizations.markChanged(changes.organizations.keys)
        memberships.markChanged(changes.memberships.keys)
        invitations.markChanged(changes.invitations.keys)
        domains.markChanged(changes.domains.keys)
        suggestions.markChanged(changes.suggestions.keys)
        requests.markChanged(changes.requests.keys)
    }
}

/// The keys of the organization tables' lookups.
enum OrganizationKey {
    static func slug(_ slug: String) -> String { "slug:" + slug }
    static func organization(_ id: String) -> String { "organization:" + id }
    static func member(_ organizationID: String, _ userID: String) -> String { "member:" + organizationID + ":" + userID }
    static func domain(_ domainID: String) -> String { "domain:" + domainID }
    static func domainName(_ name: String) -> String { "domain-name:" + name }
}

/// What undoes an operation's changes to the organization tables.
package struct OrganizationUndo: Sendable {
    package var organizations = TableUndo<OrganizationRecord>()
    package var memberships = TableUndo<MembershipRecord>()
    package var invitations = TableUndo<OrganizationInvitationRecord>()
    package var domains = TableUndo<OrganizationDomainRecord>()
    package var suggestions = TableUndo<OrganizationSuggestionRecord>()
    package var requests = TableUndo<OrganizationMembershipRequestRecord>()
}

/// The organization records changed in a batch (nil for a removed one).
package struct OrganizationChanges: Sendable {
    package var organizations: [String: OrganizationRecord?] = [:]
    package var memberships: [String: MembershipRecord?] = [:]
    package var invitations: [String: OrganizationInvitationRecord?] = [:]
    package var domains: [String: OrganizationDomainRecord?] = [:]
    package var suggestions: [String: OrganizationSuggestionRecord?] = [:]
    package var requests: [String: OrganizationMembershipRequestRecord?] = [:]

    package var isEmpty: Bool {
        organizations.isEmpty && memberships.isEmpty && invitations.isEmpty && domains.isEmpty && suggestions.isEmpty && requests.isEmpty
    }
}

/// The organization records storage kept, read at start.
package struct StoredOrganizations: Sendable {
    package var organizations: [(id: String, record: OrganizationRecord)] = []
    package var memberships: [(id: String, record: MembershipRecord)] = []
    package var invitations: [(id: String, record: OrganizationInvitationRecord)] = []
    package var domains: [(id: String, record: OrganizationDomainRecord)] = []
    package var suggestions: [(id: String, record: OrganizationSuggestionRecord)] = []
    package var requests: [(id: String, record: OrganizationMembershipRequestRecord)] = []

    package init(
        organizations: [(id: String, record: OrganizationRecord)] = [], memberships: [(id: String, record: MembershipRecord)] = [],
        invitations: [(id: String, record: OrganizationInvitationRecord)] = [], domains: [(id: String, record: OrganizationDomainRecord)] = [],
        suggestions: [(id: String, record: OrganizationSuggestionRecord)] = [],
        requests: [(id: String, record: OrganizationMembershipRequestRecord)] = []
    ) {
        self.organizations = organizations
        self.memberships = memberships
        self.invitations = invitations
        self.domains = domains
        self.suggestions = suggestions
        self.requests = requests
    }
}
