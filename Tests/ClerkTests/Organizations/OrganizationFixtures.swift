import ClerkTesting
import Foundation

@testable import Clerk

/// Organization resources for the scripted transport, decoded from JSON shaped as Clerk's spec
/// describes them.
extension Fixture {
    static func decoded<T: Decodable>(_ type: T.Type, _ json: String) -> T {
        try! JSONDecoder().decode(type, from: Data(json.utf8))
    }

    static let organizationJSON = """
        {"id":"org_1","object":"organization","name":"Acme","slug":"acme","has_image":false,"max_allowed_memberships":0,
        "admin_delete_enabled":true,"public_metadata":{},"created_at":1700000000000,"updated_at":1700000000000}
        """
    static let organization = decoded(Organization.self, organizationJSON)

    static func membership(role: String = "org:admin") -> OrganizationMembership {
        decoded(
            OrganizationMembership.self,
            """
            {"id":"orgmem_1","object":"organization_membership","public_metadata":{},"role":"\(role)","role_name":"Admin",
            "permissions":["org:sys_memberships:manage"],"created_at":1700000000000,"updated_at":1700000000000,
            "organization":\(organizationJSON)}
            """)
    }

    static let invitation = decoded(
        OrganizationInvitation.self,
        """
        {"id":"orginv_1","object":"organization_invitation","email_address":"sam+clerk_test@example.com","role":"org:member",
        "role_name":"Member","status":"pending","public_metadata":{},"url":null,"expires_at":null,
        "created_at":1700000000000,"updated_at":1700000000000}
        """)

    static let domain = decoded(
        OrganizationDomain.self,
        """
        {"object":"organization_domain","id":"orgdmn_1","organization_id":"org_1","name":"acme.com","enrollment_mode":"manual_invitation",
        "affiliation_email_address":null,"affiliation_verification":null,"ownership_verification":null,"verification":null,
        "total_pending_invitations":0,"total_pending_suggestions":0,"created_at":1700000000000,"updated_at":1700000000000}
        """)

    static let membershipRequest = decoded(
        OrganizationMembershipRequest.self,
        """
        {"object":"organization_membership_request","id":"orgmemreq_1","organization_id":"org_1","status":"accepted",
        "public_user_data":null,"created_at":1700000000000,"updated_at":1700000000000}
        """)

    static let suggestion = decoded(
        OrganizationSuggestion.self,
        """
        {"object":"organization_suggestion","id":"orgsug_1","status":"accepted","created_at":1700000000000,"updated_at":1700000000000}
        """)

    static let role = decoded(
        OrganizationRole.self,
        """
        {"object":"role","id":"role_1","name":"Admin","key":"org:admin","description":"","is_creator_eligible":true,
        "permissions":[],"created_at":1700000000000,"updated_at":1700000000000}
        """)

    static let deleted = DeletedObject(id: "org_1", object: "organization", deleted: true)
}
