import ClerkAPI
import Foundation

/// An email domain of an exported organization (version 3), verified or not, with its enrollment
/// mode. A code in flight to prove the affiliation is not exported: an unverified domain is verified
/// again on the importing instance.
package struct ExportedOrganizationDomain: Encodable, Sendable, Hashable {
    package var id: String
    package var name: String
    package var enrollmentMode: String
    package var affiliationEmailAddress: String?
    /// When the affiliation was proved; absent: not verified.
    package var verifiedAt: Int64?
    package var createdAt: Int64
    package var updatedAt: Int64

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name
        case enrollmentMode = "enrollment_mode"
        case affiliationEmailAddress = "affiliation_email_address"
        case verifiedAt = "verified_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// A pending request of a user to join an exported organization (version 3). Accepted and rejected
/// requests are history and are not exported.
package struct ExportedMembershipRequest: Encodable, Sendable, Hashable {
    package var id: String
    package var userID: String
    package var createdAt: Int64
    package var updatedAt: Int64

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case userID = "user_id"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

extension ExportedOrganizationDomain {
    init(_ record: OrganizationDomainRecord) {
        id = record.id
        name = record.name
        enrollmentMode = record.enrollmentMode
        affiliationEmailAddress = record.affiliationEmailAddress
        verifiedAt = record.verifiedAt.map(ExportTime.milliseconds)
        createdAt = ExportTime.milliseconds(record.createdAt)
        updatedAt = ExportTime.milliseconds(record.updatedAt)
    }
}

extension ExportedOrganizationDomain: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        enrollmentMode = try container.decode(String.self, forKey: .enrollmentMode)
        affiliationEmailAddress = try container.decodeIfPresent(String.self, forKey: .affiliationEmailAddress)
        verifiedAt = try container.decodeIfPresent(Int64.self, forKey: .verifiedAt)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        updatedAt = try container.decode(Int64.self, forKey: .updatedAt)
    }
}

extension ExportedMembershipRequest: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        userID = try container.decode(String.self, forKey: .userID)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        updatedAt = try container.decode(Int64.self, forKey: .updatedAt)
    }
}
