import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// The Frontend API's organization domains (`/v1/organizations/{id}/domains…`), the signed-in user's
/// suggestions (`/v1/me/organization_suggestions…`) and the organization's membership requests
/// (`/v1/organizations/{id}/membership_requests…`). Every list answers `{data, total_count}`.
extension OrganizationRoutes {
    func registerDomains(on router: MethodAwareRouter) {
        let domains = "/v1/organizations/:organization_id/domains"
        route(.post, domains, on: router) { call in
            let id = try call.parameter("organization_id")
            return try await call.domain {
                try $0.addDomain(
                    call.meta, sessionID: call.actingSessionID, organizationID: id, name: call.field("name"),
                    enrollmentMode: call.field("enrollment_mode"))
            }
        }
        route(.get, domains, on: router) { call in
            let id = try call.parameter("organization_id")
            let page = try call.pageRequest()
            let verified = try call.booleanQuery("verified")
            let mode = call.query("enrollment_mode").flatMap { $0.isEmpty ? nil : $0 }
            return try await call.answer(
                OrganizationDomainRules.self,
                {
                    try $0.listDomains(
                        call.meta, sessionID: call.actingSessionID, organizationID: id, verified: verified, enrollmentMode: mode, page: page)
                }
            ) { answer in
                let data = answer.resource.items.map { core.presenter.domain($0, now: answer.snapshot.now) }
                return try await call.envelope(OrganizationDomainPage(data: data, totalCount: answer.resource.total), answer.snapshot)
            }
        }
        route(.get, domains + "/:domain_id", on: router) { call in
            let (id, domainID) = (try call.parameter("organization_id"), try call.parameter("domain_id"))
            return try await call.domain {
                try $0.readDomain(call.meta, sessionID: call.actingSessionID, organizationID: id, domainID: domainID)
            }
        }
        route(.delete, domains + "/:domain_id", on: router) { call in
            let (id, domainID) = (try call.parameter("organization_id"), try call.parameter("domain_id"))
            return try await call.deleted(OrganizationDomainRules.self) {
                try $0.removeDomain(call.meta, sessionID: call.actingSessionID, organizationID: id, domainID: domainID)
            }
        }
        route(.post, domains + "/:domain_id/update_enrollment_mode", on: router) { call in
            let (id, domainID) = (try call.parameter("organization_id"), try call.parameter("domain_id"))
            let deletePending = try call.booleanField("delete_pending") ?? false
            return try await call.domain {
                try $0.updateEnrollmentMode(
                    call.meta, sessionID: call.actingSessionID, organizationID: id, domainID: domainID,
                    enrollmentMode: call.field("enrollment_mode"), deletePending: deletePending)
            }
        }
        route(.post, domains + "/:domain_id/prepare_affiliation_verification", on: router) { call in
            let (id, domainID) = (try call.parameter("organization_id"), try call.parameter("domain_id"))
            return try await call.domain {
                try $0.prepareAffiliation(
                    call.meta, sessionID: call.actingSessionID, organizationID: id, domainID: domainID,
                    emailAddress: call.field("affiliation_email_address"))
            }
        }
        route(.post, domains + "/:domain_id/attempt_affiliation_verification", on: router) { call in
            let (id, domainID) = (try call.parameter("organization_id"), try call.parameter("domain_id"))
            return try await call.domain {
                try $0.attemptAffiliation(call.meta, sessionID: call.actingSessionID, organizationID: id, domainID: domainID, code: call.field("code"))
            }
        }
    }

    func registerMembershipRequests(on router: MethodAwareRouter) {
        route(.get, "/v1/me/organization_suggestions", on: router) { call in
            let page = try call.pageRequest()
            let statuses = call.statuses
            return try await call.answer(
                OrganizationDomainRules.self,
                {
                    try $0.ownSuggestions(call.meta, sessionID: call.actingSessionID, statuses: statuses, page: page)
                }
            ) { answer in
                let data = answer.resource.items.map { core.presenter.suggestion($0) }
                return try await call.envelope(OrganizationSuggestionPage(data: data, totalCount: answer.resource.total), answer.snapshot)
            }
        }
        route(.post, "/v1/me/organization_suggestions/:suggestion_id/accept", on: router) { call in
            let suggestionID = try call.parameter("suggestion_id")
            return try await call.answer(
                OrganizationDomainRules.self,
                {
                    try $0.acceptSuggestion(call.meta, sessionID: call.actingSessionID, suggestionID: suggestionID)
                }
            ) { answer in try await call.envelope(core.presenter.suggestion(answer.resource), answer.snapshot) }
        }
        let requests = "/v1/organizations/:organization_id/membership_requests"
        route(.get, requests, on: router) { call in
            let id = try call.parameter("organization_id")
            let page = try call.pageRequest()
            let statuses = call.statuses
            return try await call.answer(
                OrganizationDomainRules.self,
                {
                    try $0.listMembershipRequests(call.meta, sessionID: call.actingSessionID, organizationID: id, statuses: statuses, page: page)
                }
            ) { answer in
                let data = answer.resource.items.map { core.presenter.membershipRequest($0) }
                return try await call.envelope(OrganizationMembershipRequestPage(data: data, totalCount: answer.resource.total), answer.snapshot)
            }
        }
        route(.post, requests + "/:request_id/accept", on: router) { call in
            let (id, requestID) = (try call.parameter("organization_id"), try call.parameter("request_id"))
            return try await call.membershipRequest {
                try $0.acceptMembershipRequest(call.meta, sessionID: call.actingSessionID, organizationID: id, requestID: requestID)
            }
        }
        route(.post, requests + "/:request_id/reject", on: router) { call in
            let (id, requestID) = (try call.parameter("organization_id"), try call.parameter("request_id"))
            return try await call.membershipRequest {
                try $0.rejectMembershipRequest(call.meta, sessionID: call.actingSessionID, organizationID: id, requestID: requestID)
            }
        }
    }
}

extension FrontendCall where Body == FormFields {
    /// Every `status` of the query.
    var statuses: [String] { request.uri.queryParameters.getAll("status").map { String($0) } }

    /// A boolean query parameter (`true` or `false`), if sent.
    func booleanQuery(_ name: String) throws(FrontendError) -> Bool? {
        try Self.boolean(query(name), name)
    }

    /// A boolean form field (`true` or `false`), if sent.
    func booleanField(_ name: String) throws(FrontendError) -> Bool? {
        try Self.boolean(field(name), name)
    }

    private static func boolean(_ text: String?, _ name: String) throws(FrontendError) -> Bool? {
        switch text {
        case nil, "": nil
        case "true": true
        case "false": false
        default: throw .invalidFormat(name)
        }
    }

    func domain(_ operation: RulesOperation<OrganizationDomainRules, StoreAnswer<DomainView>>) async throws -> Response {
        try await answer(OrganizationDomainRules.self, operation) { answer in
            try await envelope(core.presenter.domain(answer.resource, now: answer.snapshot.now), answer.snapshot)
        }
    }

    func membershipRequest(_ operation: RulesOperation<OrganizationDomainRules, StoreAnswer<MembershipRequestView>>) async throws -> Response {
        try await answer(OrganizationDomainRules.self, operation) { answer in
            try await envelope(core.presenter.membershipRequest(answer.resource), answer.snapshot)
        }
    }
}
