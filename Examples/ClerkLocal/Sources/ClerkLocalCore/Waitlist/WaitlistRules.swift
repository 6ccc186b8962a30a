import ClerkAPI
import Foundation

/// The waitlist: joining it from the Frontend API (`POST /v1/waitlist`) and the Backend API's calls on
/// its entries (`/waitlist_entries`): list, create, invite, reject, delete.
package struct WaitlistRules: InstanceRules {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }

    var waitlist: TrackedTable<WaitlistEntryRecord> {
        get { state.waitlist }
        _modify { yield &state.waitlist }
    }

    /// `POST /v1/waitlist`: only while the sign-up mode is `waitlist`; an address already on the list
    /// answers its entry unchanged (whatever its status), so joining twice adds nothing and sends nothing.
    package mutating func join(emailAddress: String) throws(FrontendError) -> WaitlistEntryRecord {
        guard settings.signUpMode == .waitlist else { throw FrontendError(.waitlistNotAcceptingEntries) }
        return try entry(for: emailAddress, notify: true)
    }

    /// `POST /waitlist_entries`: in any sign-up mode; an address already on the list answers its entry.
    package mutating func create(emailAddress: String, notify: Bool) throws(FrontendError) -> WaitlistEntryRecord {
        try entry(for: emailAddress, notify: notify)
    }

    /// `GET /waitlist_entries`: filtered, sorted and paged; `total` counts every match.
    package func list(_ query: WaitlistQuery) -> (page: [WaitlistView], total: Int) {
        let found = query.sorted(waitlist.values.filter(query.matches))
        return (Array(found.dropFirst(query.offset).prefix(query.limit)).map(view), found.count)
    }

    /// `POST /waitlist_entries/{id}/invite`: a pending or rejected entry gets an invitation (the
    /// `waitlist_invitation` template, emailed like every invitation) and becomes `invited`.
    package mutating func invite(id: String, ignoreExisting: Bool) throws(FrontendError) -> WaitlistView {
        var entry = try existing(id)
        switch entry.status {
        case .invited: throw Self.alreadyInvited
        case .completed: throw Self.alreadyCompleted
        case .pending, .rejected: break
        }
        let issued: IssuedInvitation
        do {
            // The invitation is the Backend API's own (`POST /invitations`), with every check it makes.
            var rules = BackendAPIRules(state: state, operation: operation)
            state = .placeholder
            defer { state = rules.state }
            issued = try rules.createInvitation(
                BackendCreateInvitation(emailAddress: entry.emailAddress, ignoreExisting: ignoreExisting, templateSlug: "waitlist_invitation"))
        }
        entry.status = .invited
        entry.invitationID = issued.record.id
        entry.invitedAt = now
        entry.updatedAt = now
        waitlist[id] = entry
        return WaitlistView(entry: entry, invitation: issued.record, invitationURL: issued.url)
    }

    /// `POST /waitlist_entries/{id}/reject`: a pending or invited entry; an invitation still pending is
    /// revoked with it, so its ticket no longer signs up.
    package mutating func reject(id: String) throws(FrontendError) -> WaitlistView {
        var entry = try existing(id)
        switch entry.status {
        case .rejected: throw Self.alreadyRejected
        case .completed: throw Self.alreadyCompleted
        case .pending, .invited: break
        }
        if let invitationID = entry.invitationID, var invitation = invitations[invitationID], invitation.state == .pending {
            invitation.state = .revoked
            invitation.updatedAt = now
            invitations[invitationID] = invitation
        }
        entry.status = .rejected
        entry.updatedAt = now
        waitlist[id] = entry
        return view(entry)
    }

    /// `DELETE /waitlist_entries/{id}`: a pending entry only (the others are refused as their status says).
    package mutating func delete(id: String) throws(FrontendError) {
        switch try existing(id).status {
        case .invited: throw Self.alreadyInvited
        case .completed: throw Self.alreadyCompleted
        case .rejected: throw Self.alreadyRejected
        case .pending: waitlist[id] = nil
        }
    }

    /// The entry with its invitation, as the Backend API shows it.
    package func view(_ entry: WaitlistEntryRecord) -> WaitlistView {
        WaitlistView(entry: entry, invitation: entry.invitationID.flatMap { invitations[$0] }, invitationURL: nil)
    }

    // MARK: Helpers

    private mutating func entry(for emailAddress: String, notify: Bool) throws(FrontendError) -> WaitlistEntryRecord {
        let address = IdentifierFormat.normalizedEmail(emailAddress)
        guard IdentifierFormat.isValidEmail(address) else { throw .invalidEmail("email_address") }
        if let found = waitlist.records(for: LookupKey.email(address)).first(where: { $0.emailAddress == address }) { return found }
        let entry = WaitlistEntryRecord(emailAddress: address, now: now)
        waitlist[entry.id] = entry
        if notify {
            let message = outbox.deliverWaitlistConfirmation(to: address, applicationName: settings.applicationName, now: now)
            state.deliveredInOperation?.insert(message.id)
        }
        return entry
    }

    private func existing(_ id: String) throws(FrontendError) -> WaitlistEntryRecord {
        guard let entry = waitlist[id] else {
            throw FrontendError(.resourceNotFound, variant: "ResourceNotFound", longMessage: "No waitlist entry was found with id \(id).")
        }
        return entry
    }

    // Clerk's catalogue: WaitlistEntryAlreadyInvited, WaitlistEntryAlreadyCompleted, WaitlistEntryAlreadyRejected.
    private static let alreadyInvited = conflict(
        "waitlist_entry_already_invited", "Waitlist entry already invited", "The waitlist entry has already been invited.")
    private static let alreadyCompleted = conflict(
        "waitlist_entry_already_completed", "Waitlist entry already completed", "The waitlist entry has already been completed.")
    private static let alreadyRejected = conflict(
        "waitlist_entry_already_rejected", "Waitlist entry already rejected", "The waitlist entry has already been rejected.")

    /// A Backend API refusal (409) of Clerk's error catalogue that the Frontend API's generated codes do not name.
    private static func conflict(_ code: String, _ message: String, _ longMessage: String) -> FrontendError {
        FrontendError(ClerkErrorCode(rawValue: code), status: 409, message: message, longMessage: longMessage)
    }
}

/// A waitlist entry as the Backend API answers it: with its invitation, and that invitation's link
/// (which carries the ticket) only in the answer that created it.
package struct WaitlistView: Sendable {
    package var entry: WaitlistEntryRecord
    package var invitation: InvitationRecord?
    package var invitationURL: String?
}
