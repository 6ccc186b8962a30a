import ClerkAPI
import Foundation

/// An organization in a user export (from version 2), with its members and its pending invitations,
/// and from version 3 its domains and pending membership requests, so that an instance moved by
/// export and import answers the same organizations. The roles are the instance's settings (a
/// settings file carries them), not data, so they are not in the document.
package struct ExportedOrganization: Encodable, Sendable, Hashable {
    package var id: String
    package var name: String
    package var slug: String
    package var publicMetadata: JSONValue
    package var privateMetadata: JSONValue
    /// Members allowed, pending invitations included (0: no limit); absent: the instance's setting.
    package var maxAllowedMemberships: Int?
    package var adminDeleteEnabled: Bool
    package var createdBy: String?
    package var createdAt: Int64
    package var updatedAt: Int64
    /// Oldest first.
    package var memberships: [ExportedMembership]
    /// The pending (unexpired) invitations, sorted by id; accepted and revoked ones are history.
    package var invitations: [ExportedOrganizationInvitation]
    /// Oldest first; from version 3 (nil when read from an older document).
    package var domains: [ExportedOrganizationDomain]?
    /// The pending requests, sorted by id; from version 3 (nil when read from an older document).
    package var membershipRequests: [ExportedMembershipRequest]?

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name, slug
        case publicMetadata = "public_metadata"
        case privateMetadata = "private_metadata"
        case maxAllowedMemberships = "max_allowed_memberships"
        case adminDeleteEnabled = "admin_delete_enabled"
        case createdBy = "created_by"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case memberships, invitations, domains
        case membershipRequests = "membership_requests"
    }
}

/// A member of an exported organization, with their role.
package struct ExportedMembership: Encodable, Sendable, Hashable {
    package var id: String
    package var userID: String
    package var role: String
    package var publicMetadata: JSONValue
    package var privateMetadata: JSONValue
    package var createdAt: Int64
    package var updatedAt: Int64

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case userID = "user_id"
        case role
        case publicMetadata = "public_metadata"
        case privateMetadata = "private_metadata"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// A pending invitation of an exported organization. The emailed ticket is kept as its digest only
/// (standard Base64 of its SHA-256), so the link in the email still works after an import.
package struct ExportedOrganizationInvitation: Encodable, Sendable, Hashable {
    package var id: String
    package var emailAddress: String
    package var role: String
    package var publicMetadata: JSONValue
    package var privateMetadata: JSONValue
    package var inviterUserID: String?
    package var ticketDigest: String
    package var expiresAt: Int64
    package var createdAt: Int64
    package var updatedAt: Int64

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case emailAddress = "email_address"
        case role
        case publicMetadata = "public_metadata"
        case privateMetadata = "private_metadata"
        case inviterUserID = "inviter_user_id"
        case ticketDigest = "ticket_digest"
        case expiresAt = "expires_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

// MARK: From the records

extension ExportedOrganization {
    /// `organization` with its members and the invitations still pending at `now`.
    package init(_ organization: OrganizationRecord, book: OrganizationBook, now: Date) {
        id = organization.id
        name = organization.name
        slug = organization.slug
        publicMetadata = organization.publicMetadata
        privateMetadata = organization.privateMetadata
        maxAllowedMemberships = organization.maxAllowedMemberships
        adminDeleteEnabled = organization.adminDeleteEnabled
        createdBy = organization.createdBy
        createdAt = ExportTime.milliseconds(organization.createdAt)
        updatedAt = ExportTime.milliseconds(organization.updatedAt)
        memberships = book.members(of: organization.id).map {
            ExportedMembership(
                id: $0.id, userID: $0.userID, role: $0.role, publicMetadata: $0.publicMetadata, privateMetadata: $0.privateMetadata,
                createdAt: ExportTime.milliseconds($0.createdAt), updatedAt: ExportTime.milliseconds($0.updatedAt))
        }
        invitations = book.invitations(of: organization.id).filter { $0.isPending(now: now) }.sorted { $0.id < $1.id }.map {
            ExportedOrganizationInvitation(
                id: $0.id, emailAddress: $0.emailAddress, role: $0.role, publicMetadata: $0.publicMetadata,
                privateMetadata: $0.privateMetadata, inviterUserID: $0.inviterUserID,
                ticketDigest: Data($0.ticketDigest).base64EncodedString(), expiresAt: ExportTime.milliseconds($0.expiresAt),
                createdAt: ExportTime.milliseconds($0.createdAt), updatedAt: ExportTime.milliseconds($0.updatedAt))
        }
        domains = book.domains(of: organization.id).map(ExportedOrganizationDomain.init)
        membershipRequests = book.requests(of: organization.id).filter { $0.state == .pending }.sorted { $0.id < $1.id }.map {
            ExportedMembershipRequest(
                id: $0.id, userID: $0.userID, createdAt: ExportTime.milliseconds($0.createdAt), updatedAt: ExportTime.milliseconds($0.updatedAt))
        }
    }
}

// MARK: Strict reading

extension ExportedOrganization: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        slug = try container.decode(String.self, forKey: .slug)
        publicMetadata = try container.decode(JSONValue.self, forKey: .publicMetadata)
        privateMetadata = try container.decode(JSONValue.self, forKey: .privateMetadata)
        maxAllowedMemberships = try container.decodeIfPresent(Int.self, forKey: .maxAllowedMemberships)
        adminDeleteEnabled = try container.decode(Bool.self, forKey: .adminDeleteEnabled)
        createdBy = try container.decodeIfPresent(String.self, forKey: .createdBy)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        updatedAt = try container.decode(Int64.self, forKey: .updatedAt)
        memberships = try container.decode([ExportedMembership].self, forKey: .memberships)
        invitations = try container.decode([ExportedOrganizationInvitation].self, forKey: .invitations)
        domains = try container.decodeIfPresent([ExportedOrganizationDomain].self, forKey: .domains)
        membershipRequests = try container.decodeIfPresent([ExportedMembershipRequest].self, forKey: .membershipRequests)
    }
}

extension ExportedMembership: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        userID = try container.decode(String.self, forKey: .userID)
        role = try container.decode(String.self, forKey: .role)
        publicMetadata = try container.decode(JSONValue.self, forKey: .publicMetadata)
        privateMetadata = try container.decode(JSONValue.self, forKey: .privateMetadata)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        updatedAt = try container.decode(Int64.self, forKey: .updatedAt)
    }
}

extension ExportedOrganizationInvitation: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        emailAddress = try container.decode(String.self, forKey: .emailAddress)
        role = try container.decode(String.self, forKey: .role)
        publicMetadata = try container.decode(JSONValue.self, forKey: .publicMetadata)
        privateMetadata = try container.decode(JSONValue.self, forKey: .privateMetadata)
        inviterUserID = try container.decodeIfPresent(String.self, forKey: .inviterUserID)
        ticketDigest = try container.decode(String.self, forKey: .ticketDigest)
        expiresAt = try container.decode(Int64.self, forKey: .expiresAt)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        updatedAt = try container.decode(Int64.self, forKey: .updatedAt)
    }
}
