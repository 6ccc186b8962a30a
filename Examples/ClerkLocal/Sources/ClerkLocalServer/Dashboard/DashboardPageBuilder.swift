import ClerkLocalCore
import Foundation

/// Reads the server's state into a `DashboardPage`.
package struct DashboardPageBuilder: Sendable {
    package let core: ServerCore
    /// The request log shows this many of the latest requests.
    package static let requestsShown = 50

    /// `confirming`: a preset the person asked to switch to while deleting everything, which the
    /// page asks them to confirm.
    package func page(
        query: String?, notice: String? = nil, error: String? = nil, created: DashboardPage.CreatedUser? = nil,
        confirming: SettingsPreset? = nil
    ) async -> DashboardPage {
        let users = await core.store.read(UserAdministration.self) { $0.dashboardUsers(matching: query) }
        let everyone = query?.isEmpty == false ? await core.store.read(UserAdministration.self) { $0.dashboardUsers(matching: nil) } : users
        let identifiers = Dictionary(uniqueKeysWithValues: everyone.map { ($0.id, Self.identifier(of: $0)) })
        let sessions = await core.store.read(SessionRules.self) { $0.listSessions() }.reversed().map { session in
            DashboardPage.SessionRow(
                id: session.id, user: identifiers[session.userID] ?? session.userID, client: session.clientID,
                status: session.status.rawValue, live: session.status == .active || session.status == .pending,
                actor: session.actorID.map { identifiers[$0] ?? $0 })
        }
        let organizations = await core.store.read(OrganizationRules.self) { $0.dashboardOrganizations() }.map(Self.row)
        let settings = core.settings
        let preset = SettingsPreset.allCases.first { $0.settings == settings }
        var page = DashboardPage(
            token: core.dashboardToken, notice: notice, error: error, created: created, query: query?.isEmpty == false ? query : nil,
            users: users.map(Self.row), sessions: Array(sessions), organizations: organizations, inbox: DashboardInbox(core.outbox.newestFirst()),
            requests: core.requestHistory.all.suffix(Self.requestsShown).reversed().map(Self.row),
            applicationName: settings.applicationName, instanceType: settings.instanceType.rawValue,
            presetName: preset?.rawValue ?? "custom",
            presets: SettingsPreset.allCases.map { .init(name: $0.rawValue, guide: $0.guide, selected: $0 == (confirming ?? preset)) },
            customSettings: (confirming ?? preset) == nil,
            confirmDeletion: confirming.map { .init(name: $0.rawValue, guide: $0.guide, selected: true) },
            settingsJSON: Self.settingsJSON(settings))
        page.waitlist = await Self.waitlist(core)
        return page
    }

    /// Every waitlist entry, newest first.
    static func waitlist(_ core: ServerCore) async -> [DashboardPage.WaitlistRow] {
        let query = try? WaitlistQuery(status: nil, query: nil, orderBy: nil, limit: Int.max, offset: 0)
        guard let query else { return [] }
        return await core.store.read(WaitlistRules.self) { $0.list(query) }.page.map { view in
            DashboardPage.WaitlistRow(
                id: view.entry.id, emailAddress: view.entry.emailAddress, status: view.entry.status.rawValue,
                joined: DashboardTime.dateTime(view.entry.createdAt))
        }
    }

    /// The settings as the page shows them: no client secret.
    package static func settingsJSON(_ settings: InstanceSettings) -> String {
        (try? SettingsLoader.encode(settings.redactedForDisplay)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    package static func identifier(of user: DashboardUser) -> String {
        user.emailAddress ?? user.phoneNumber ?? user.username ?? user.id
    }

    package static func row(_ user: DashboardUser) -> DashboardPage.UserRow {
        var factors: [String] = []
        if user.hasPassword { factors.append("password") }
        if user.hasTOTP { factors.append("authenticator app") }
        if user.smsSecondFactor { factors.append("SMS second factor") }
        if user.backupCodesLeft > 0 { factors.append("\(user.backupCodesLeft) backup codes") }
        let others = [user.phoneNumber, user.username.map { "@" + $0 }, user.name]
            .compactMap { $0 }.filter { $0 != identifier(of: user) && "@" + $0 != identifier(of: user) }
        return DashboardPage.UserRow(
            id: user.id, identifier: identifier(of: user), details: others.isEmpty ? nil : others.joined(separator: " · "),
            factors: factors.isEmpty ? "codes only" : factors.joined(separator: ", "), hasPassword: user.hasPassword,
            compromised: user.passwordCompromised, lock: user.lockedForSeconds.map { "locked for \(($0 + 59) / 60) min" })
    }

    package static func row(_ organization: OrganizationView) -> DashboardPage.OrganizationRow {
        DashboardPage.OrganizationRow(
            id: organization.record.id, name: organization.record.name, slug: organization.record.slug, members: organization.membersCount,
            created: DashboardTime.dateTime(organization.record.createdAt))
    }

    package static func row(_ entry: RequestHistory.Entry) -> DashboardPage.RequestRow {
        let statusClass =
            switch entry.status {
            case ..<300: "ok"
            case ..<400: "redirect"
            case ..<500: "client-error"
            default: "server-error"
            }
        return DashboardPage.RequestRow(
            time: DashboardTime.text(entry.at), method: entry.method, path: entry.path, status: entry.status,
            statusClass: statusClass, milliseconds: String(format: "%.1f", entry.milliseconds))
    }
}
