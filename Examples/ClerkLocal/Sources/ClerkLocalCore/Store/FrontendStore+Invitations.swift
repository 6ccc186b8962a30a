import Foundation

/// The Backend API's invitations, one line each (`subscript(rules:)`).
extension FrontendStore {
    package func backendCreateInvitation(_ input: BackendCreateInvitation) throws(FrontendError) -> IssuedInvitation {
        try self[rules: BackendAPIRules.self].createInvitation(input)
    }

    package func backendInvitations(_ query: BackendInvitationQuery) -> (page: [InvitationRecord], total: Int) {
        self[rules: BackendAPIRules.self].listInvitations(query)
    }

    package func backendRevokeInvitation(id: String) throws(FrontendError) -> IssuedInvitation {
        try self[rules: BackendAPIRules.self].revokeInvitation(id: id)
    }
}
