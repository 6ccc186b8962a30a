import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// The Frontend API's organization endpoints: organizations, their members, roles and invitations,
/// and the signed-in user's memberships and invitations (`/v1/me/organization_…`). Each request
/// acts as the session in `_clerk_session_id` (else the client's last active one).
package struct OrganizationRoutes: Sendable {
    package let core: ServerCore

    package func register(on router: MethodAwareRouter) {
        registerOrganizations(on: router)
        registerMemberships(on: router)
        registerInvitations(on: router)
        registerDomains(on: router)
        registerMembershipRequests(on: router)
    }

    private func registerOrganizations(on router: MethodAwareRouter) {
        route(.post, "/v1/organizations", on: router) { call in
            try await call.organization {
                try $0.createOrganization(
                    call.meta, sessionID: call.actingSessionID, name: call.field("name"), slug: call.field("slug"))
            }
        }
        route(.get, "/v1/organizations/:organization_id", on: router) { call in
            let id = try call.parameter("organization_id")
            return try await call.organization {
                try $0.readOrganization(call.meta, sessionID: call.actingSessionID, id: id)
            }
        }
        route(.patch, "/v1/organizations/:organization_id", on: router) { call in
            let id = try call.parameter("organization_id")
            return try await call.organization {
                try $0.updateOrganization(
                    call.meta, sessionID: call.actingSessionID, id: id, name: call.field("name"), slug: call.field("slug"))
            }
        }
        route(.delete, "/v1/organizations/:organization_id", on: router) { call in
            let id = try call.parameter("organization_id")
            return try await call.deleted(OrganizationRules.self) {
                try $0.deleteOrganization(call.meta, sessionID: call.actingSessionID, id: id)
            }
        }
        route(.get, "/v1/me/organization_creation_defaults", on: router) { call in
            try await call.answer(OrganizationRules.self, { try $0.organizationCreationDefaults(call.meta, sessionID: call.actingSessionID) }) {
                answer in try await call.envelope(core.presenter.creationDefaults(answer.resource), answer.snapshot)
            }
        }
        route(.get, "/v1/organizations/:organization_id/roles", on: router) { call in
            let id = try call.parameter("organization_id")
            let page = try call.pageRequest()
            return try await call.answer(
                OrganizationRules.self,
                {
                    try $0.listRoles(call.meta, sessionID: call.actingSessionID, organizationID: id, page: page)
                }
            ) { answer in
                let data = answer.resource.items.map { core.presenter.role($0) }
                return try await call.envelope(OrganizationRolePage(data: data, totalCount: answer.resource.total), answer.snapshot)
            }
        }
    }

    private func registerMemberships(on router: MethodAwareRouter) {
        route(.get, "/v1/organizations/:organization_id/memberships", on: router) { call in
            let id = try call.parameter("organization_id")
            let page = try call.pageRequest()
            let role = call.query("role")
            return try await call.memberships {
                try $0.listMemberships(
                    call.meta, sessionID: call.actingSessionID, organizationID: id, role: role, query: call.query("query"), page: page)
            }
        }
        route(.post, "/v1/organizations/:organization_id/memberships", on: router) { call in
            let id = try call.parameter("organization_id")
            return try await call.membership {
                try $0.addMember(
                    call.meta, sessionID: call.actingSessionID, organizationID: id, userID: call.field("user_id"), role: call.field("role"))
            }
        }
        route(.patch, "/v1/organizations/:organization_id/memberships/:user_id", on: router) { call in
            let id = try call.parameter("organization_id")
            let userID = try call.parameter("user_id")
            return try await call.membership {
                try $0.updateMember(
                    call.meta, sessionID: call.actingSessionID, organizationID: id, userID: userID, role: call.field("role"))
            }
        }
        route(.delete, "/v1/organizations/:organization_id/memberships/:user_id", on: router) { call in
            let id = try call.parameter("organization_id")
            let userID = try call.parameter("user_id")
            return try await call.membership {
                try $0.removeMember(call.meta, sessionID: call.actingSessionID, organizationID: id, userID: userID)
            }
        }
        route(.get, "/v1/me/organization_memberships", on: router) { call in
            let page = try call.pageRequest()
            return try await call.memberships {
                try $0.ownMemberships(call.meta, sessionID: call.actingSessionID, page: page)
            }
        }
        route(.delete, "/v1/me/organization_memberships/:organization_id", on: router) { call in
            let id = try call.parameter("organization_id")
            return try await call.deleted(OrganizationRules.self) {
                try $0.leaveOrganization(call.meta, sessionID: call.actingSessionID, organizationID: id)
            }
        }
    }

    private func registerInvitations(on router: MethodAwareRouter) {
        route(.post, "/v1/organizations/:organization_id/invitations", on: router) { call in
            let id = try call.parameter("organization_id")
            let addresses = call.body.values(named: "email_address")
            return try await call.answer(
                OrganizationRules.self,
                {
                    try $0.invite(
                        call.meta, sessionID: call.actingSessionID, organizationID: id, addresses: Array(addresses.prefix(1)), role: call.field("role"))
                }
            ) { answer in
                let now = core.now()
                return try await call.envelope(core.presenter.invitation(answer.resource[0], now: now), answer.snapshot)
            }
        }
        route(.post, "/v1/organizations/:organization_id/invitations/bulk", on: router) { call in
            let id = try call.parameter("organization_id")
            return try await call.answer(
                OrganizationRules.self,
                {
                    try $0.invite(
                        call.meta, sessionID: call.actingSessionID, organizationID: id, addresses: call.body.values(named: "email_address"),
                        role: call.field("role"))
                }
            ) { answer in
                let now = core.now()
                return try await call.envelope(answer.resource.map { core.presenter.invitation($0, now: now) }, answer.snapshot)
            }
        }
        route(.get, "/v1/organizations/:organization_id/invitations", on: router) { call in
            let id = try call.parameter("organization_id")
            let page = try call.pageRequest()
            let statuses = call.statuses
            return try await call.invitations(paginated: call.paginated) {
                try $0.listInvitations(
                    call.meta, sessionID: call.actingSessionID, organizationID: id, statuses: statuses, page: page)
            }
        }
        route(.get, "/v1/organizations/:organization_id/invitations/pending", on: router) { call in
            let id = try call.parameter("organization_id")
            let page = try call.pageRequest()
            return try await call.invitations(paginated: call.paginated) {
                try $0.listInvitations(
                    call.meta, sessionID: call.actingSessionID, organizationID: id, statuses: ["pending"], page: page)
            }
        }
        route(.post, "/v1/organizations/:organization_id/invitations/:invitation_id/revoke", on: router) { call in
            let id = try call.parameter("organization_id")
            let invitationID = try call.parameter("invitation_id")
            return try await call.invitation {
                try $0.revokeInvitation(
                    call.meta, sessionID: call.actingSessionID, organizationID: id, invitationID: invitationID)
            }
        }
        route(.get, "/v1/me/organization_invitations", on: router) { call in
            let page = try call.pageRequest()
            let statuses = call.statuses
            return try await call.invitations(paginated: true) {
                try $0.ownInvitations(call.meta, sessionID: call.actingSessionID, statuses: statuses, page: page)
            }
        }
        route(.post, "/v1/me/organization_invitations/:invitation_id/accept", on: router) { call in
            let invitationID = try call.parameter("invitation_id")
            return try await call.invitation {
                try $0.acceptInvitation(call.meta, sessionID: call.actingSessionID, invitationID: invitationID)
            }
        }
    }

    /// A route whose form body is read as fields (the generated layer has no type for it yet).
    func route(
        _ method: HTTPRequest.Method, _ path: String, on router: MethodAwareRouter,
        _ handler: @escaping @Sendable (FrontendCall<FormFields>) async throws -> Response
    ) {
        router.on(RouterPath(path), method: method) { request, context in
            let meta = RequestReading.meta(request, context)
            do {
                let form = try await RequestReading.form(request, context)
                return try await handler(FrontendCall(request: request, context: context, meta: meta, body: form, core: core))
            } catch let error as FrontendError {
                return WireResponses.error(error, client: nil, clientToken: nil)
            }
        }
    }
}

extension FrontendCall where Body == FormFields {
    /// The last value of a form field, if sent.
    func field(_ name: String) -> String? {
        body.values(named: name).last
    }

    func query(_ name: String) -> String? {
        request.uri.queryParameters.get(name)
    }

    /// `paginated=true`: a list answers `{data, total_count}` rather than an array.
    var paginated: Bool { query("paginated") == "true" }

    /// `limit` (1 to 500, 10 by default) and `offset` from the query.
    func pageRequest() throws(FrontendError) -> PageRequest {
        var page = PageRequest()
        if let text = query("limit") {
            guard let limit = Int(text), (1...500).contains(limit) else { throw .invalidFormat("limit") }
            page.limit = limit
        }
        if let text = query("offset") {
            guard let offset = Int(text), offset >= 0 else { throw .invalidFormat("offset") }
            page.offset = offset
        }
        return page
    }

    func organization(_ operation: RulesOperation<OrganizationRules, StoreAnswer<OrganizationView>>) async throws -> Response {
        try await answer(OrganizationRules.self, operation) { answer in try await envelope(core.presenter.organization(answer.resource), answer.snapshot) }
    }

    func membership(_ operation: RulesOperation<OrganizationRules, StoreAnswer<MembershipView>>) async throws -> Response {
        try await answer(OrganizationRules.self, operation) { answer in try await envelope(core.presenter.membership(answer.resource), answer.snapshot) }
    }

    func memberships(_ operation: RulesOperation<OrganizationRules, StoreAnswer<ListPage<MembershipView>>>) async throws -> Response {
        let paginated = self.paginated
        return try await answer(OrganizationRules.self, operation) { answer in
            let data = answer.resource.items.map { core.presenter.membership($0) }
            if paginated { return try await envelope(OrganizationMembershipPage(data: data, totalCount: answer.resource.total), answer.snapshot) }
            return try await envelope(data, answer.snapshot)
        }
    }

    func invitation(_ operation: RulesOperation<OrganizationRules, StoreAnswer<OrganizationInvitationView>>) async throws -> Response {
        try await answer(OrganizationRules.self, operation) { answer in
            try await envelope(core.presenter.invitation(answer.resource, now: answer.snapshot.now), answer.snapshot)
        }
    }

    func invitations(
        paginated: Bool, _ operation: RulesOperation<OrganizationRules, StoreAnswer<ListPage<OrganizationInvitationView>>>
    ) async throws -> Response {
        try await answer(OrganizationRules.self, operation) { answer in
            let data = answer.resource.items.map { core.presenter.invitation($0, now: answer.snapshot.now) }
            if paginated { return try await envelope(OrganizationInvitationPage(data: data, totalCount: answer.resource.total), answer.snapshot) }
            return try await envelope(data, answer.snapshot)
        }
    }

    func deleted<Rules: OrganizationAggregate>(
        _ rules: Rules.Type, _ operation: RulesOperation<Rules, StoreAnswer<DeletedResource>>
    ) async throws -> Response {
        try await answer(rules, operation) { answer in try await envelope(core.presenter.deleted(answer.resource), answer.snapshot) }
    }
}
