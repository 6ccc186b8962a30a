import ClerkLocalCore
import Foundation
import HTTPTypes
import Hummingbird

/// A web page for the developer, at `/__local/dashboard`: users, sessions, organizations (each with
/// a page of its own), the outbox as an inbox, the request log and the instance settings.
/// Server-rendered; its forms post back here with the page's token, and the inbox panel is
/// refreshed from `GET /__local/dashboard/inbox`.
/// Behind `LocalAccessGuard` like every `/__local` route.
package struct DashboardRoutes: Sendable {
    package static let path = "/__local/dashboard"
    package let core: ServerCore

    /// Outcomes of forms (a created user's secrets, a refusal), shown once on the page after the redirect.
    package let outcomes = DashboardOutcomes()

    /// What a form did, named in the address the browser is sent back to.
    package enum Notice: String, CaseIterable {
        case deleted, locked, unlocked, flagged, revoked, reset, preset
        case presetDeleted = "preset_deleted"

        package var text: String {
            switch self {
            case .deleted: "User deleted; their sessions are revoked."
            case .locked: "User locked."
            case .unlocked: "User unlocked."
            case .flagged: "Password flagged as compromised: the user's next session must reset it."
            case .revoked: "Session revoked."
            case .reset: "State reset: every user, client, session and message is gone."
            case .preset: "Preset switched; every user, session and message was kept."
            case .presetDeleted: "Preset switched; every user, client, session and message was deleted."
            }
        }
    }

    package func register(on router: Router<LocalRequestContext>) {
        let routes = MethodAwareRouter(router)
        let dashboard = routes.group(RouterPath(Self.path)).add(middleware: LocalAccessGuard(core: core))
        let builder = DashboardPageBuilder(core: core)
        dashboard.get { request, _ in
            let parameters = request.uri.queryParameters
            let outcome = parameters.get("outcome").flatMap(outcomes.take)
            let page = await builder.page(
                query: parameters.get("q"), notice: parameters.get("notice").flatMap(Notice.init(rawValue:))?.text ?? outcome?.notice,
                error: outcome?.error, created: outcome?.created,
                confirming: parameters.get("confirm_delete").flatMap(SettingsPreset.init(rawValue:)))
            return try html(page, template: "dashboard")
        }
        dashboard.get("organizations/:organization_id") { _, context in
            guard let page = await builder.organizationPage(try RequestReading.parameter("organization_id", context)) else {
                throw FrontendError.notFound("ResourceNotFound")
            }
            return try html(page, template: "organization")
        }
        dashboard.get("inbox") { _, _ in
            WireResponses.json(try WireResponses.encode(DashboardInbox(core.outbox.newestFirst())), extra: [.cacheControl: "no-store"])
        }
        dashboard.get("assets/:name") { _, context in
            let name = try RequestReading.parameter("name", context)
            guard let file = DashboardAssets.files[name], let type = DashboardAssets.contentTypes[name] else {
                throw FrontendError.notFound("ResourceNotFound")
            }
            return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: file)))
        }
        dashboard.post("users") { request, context in
            try await act(request, context) { form in
                let created = DashboardPage.CreatedUser(try await core.admin.seed(form.seedUser))
                return Self.redirect(outcome: outcomes.keep(.init(notice: "User \(created.identifier) created.", created: created)))
            }
        }
        let store = core.store
        userAction(dashboard, "delete", .deleted) { id in try await store.perform(UserAdministration.self) { try $0.deleteUser(dashboardID: id) } }
        userAction(dashboard, "lock", .locked) { id in try await store.perform(UserAdministration.self) { try $0.setLocked(true, dashboardUserID: id) } }
        userAction(dashboard, "unlock", .unlocked) { id in try await store.perform(UserAdministration.self) { try $0.setLocked(false, dashboardUserID: id) } }
        userAction(dashboard, "password_compromised", .flagged) { id in
            try await store.perform(UserAdministration.self) { try $0.flagPasswordCompromised(userID: id) }
        }
        dashboard.post("sessions/:session_id/revoke") { request, context in
            try await act(request, context) { _ in
                _ = try await core.admin.revokeSession(RequestReading.parameter("session_id", context))
                return Self.redirect(.revoked)
            }
        }
        dashboard.post("reset") { request, context in
            try await act(request, context) { _ in
                try await core.admin.reset()
                return Self.redirect(.reset)
            }
        }
        dashboard.post("preset") { request, context in
            try await act(request, context) { form in
                guard let preset = form["preset"].flatMap(SettingsPreset.init(rawValue:)) else {
                    throw FrontendError.invalidFormat("preset")
                }
                let deleting = form.isChecked("delete_state")
                // Deleting everything takes a second form: the page asks first.
                if deleting, form["confirmed"] != "yes" {
                    return Response(status: .seeOther, headers: [.location: "\(Self.path)?confirm_delete=\(preset.rawValue)"])
                }
                try await core.admin.switchPreset(preset, deletingState: deleting)
                return Self.redirect(deleting ? .presetDeleted : .preset)
            }
        }
        routes.answerOtherMethods()
    }

    private func userAction(
        _ group: RouterGroup<LocalRequestContext>, _ name: String, _ notice: Notice,
        _ perform: @escaping @Sendable (String) async throws -> Void
    ) {
        group.post("users/:user_id/\(name)") { request, context in
            try await act(request, context) { _ in
                try await perform(RequestReading.parameter("user_id", context))
                return Self.redirect(notice)
            }
        }
    }

    /// Reads the form (its token checked), runs the action, and sends the browser back to the page,
    /// which shows a refusal once. A form without the page's token gets a bare 403.
    private func act(
        _ request: Request, _ context: LocalRequestContext, _ action: (DashboardForm) async throws -> Response
    ) async throws -> Response {
        do {
            return try await action(try await DashboardForm.read(request, context, core: core))
        } catch let error as FrontendError where error.status == 403 {
            return WireResponses.error(error, client: nil, clientToken: nil)
        } catch let error as FrontendError {
            return Self.redirect(outcome: outcomes.keep(.init(error: Self.describe(error))))
        }
    }

    private func html(_ object: Any, template: String) throws -> Response {
        let body = try DashboardTemplates.render(object, template: template)
        let headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .cacheControl: "no-store",
            .contentSecurityPolicy:
                "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
            HTTPField.Name("X-Frame-Options")!: "DENY",
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// 303: the browser loads the page with GET, so reloading it posts nothing again.
    private static func redirect(_ notice: Notice) -> Response {
        Response(status: .seeOther, headers: [.location: "\(path)?notice=\(notice.rawValue)"])
    }

    private static func redirect(outcome id: String) -> Response {
        Response(status: .seeOther, headers: [.location: "\(path)?outcome=\(id)"])
    }

    package static func describe(_ error: FrontendError) -> String {
        error.paramName.map { "\(error.longMessage) (\($0))" } ?? error.longMessage
    }
}
