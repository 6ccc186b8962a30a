import Foundation

/// The trusted devices and waitlist entries of a user export (version 4) as records, checked against the
/// document's users and this server's before anything is created, so that a refused document changes nothing.
struct DeviceWaitlistImport {
    var devices: [TrustedDeviceRecord] = []
    var entries: [WaitlistEntryRecord] = []
    var invitations: [InvitationRecord] = []
}

extension UserAdministration {
    /// Every device and entry of the document read and checked: ids of their kind and new to the document and
    /// the server, each device a user's of the document or the server, each address on the waitlist once.
    func checkedDevicesAndWaitlist(_ document: UserExportDocument, documentUserIDs: Set<String>) throws(UserImportError) -> DeviceWaitlistImport {
        var checked = DeviceWaitlistImport()
        var firstIDs: [String: String] = [:]
        for (index, device) in document.trustedDevices.enumerated() {
            let check = FieldCheck(path: "trusted_devices[\(index)]", userID: nil)
            let record = try device.record(check)
            try check.new(device.id, field: "id", among: &firstIDs, taken: state.trustedDevices[device.id] != nil)
            guard documentUserIDs.contains(device.userID) || users[device.userID] != nil else { throw check.failure("user_id", .unknownUser) }
            checked.devices.append(record)
        }
        var firstAddresses: [String: String] = [:]
        for (index, exported) in document.waitlistEntries.enumerated() {
            let check = FieldCheck(path: "waitlist_entries[\(index)]", userID: nil)
            let (entry, invitation) = try exported.records(check)
            try check.new(entry.id, field: "id", among: &firstIDs, taken: state.waitlist[entry.id] != nil)
            let listed = state.waitlist.records(for: LookupKey.email(entry.emailAddress)).contains { $0.emailAddress == entry.emailAddress }
            try check.new(entry.emailAddress, field: "email_address", among: &firstAddresses, taken: listed)
            if let invitation {
                try check.new(invitation.id, field: "invitation.id", among: &firstIDs, taken: state.invitations[invitation.id] != nil)
                checked.invitations.append(invitation)
            }
            checked.entries.append(entry)
        }
        return checked
    }

    /// Adds checked devices and entries (nothing can fail any more).
    mutating func add(_ checked: DeviceWaitlistImport) {
        for device in checked.devices { state.trustedDevices[device.id] = device }
        for invitation in checked.invitations { state.invitations[invitation.id] = invitation }
        for entry in checked.entries { state.waitlist[entry.id] = entry }
    }
}
