import ClerkLocalCore
import Foundation

/// What the dashboard's templates render: plain values, every secret left out (a created user's
/// generated secrets appear once, in `created`, on the answer to the form that created it).
package struct DashboardPage: Sendable {
    package struct UserRow: Sendable {
        package var id: String
        package var identifier: String
        package var details: String?
        package var factors: String
        package var hasPassword: Bool
        package var compromised: Bool
        package var lock: String?
    }

    package struct SessionRow: Sendable {
        package var id: String
        package var user: String
        package var client: String
        package var status: String
        package var live: Bool
        /// Who acts as the user (their identifier, else their id) in an impersonation session.
        package var actor: String?
    }

    package struct OrganizationRow: Sendable {
        package var id: String
        package var name: String
        package var slug: String
        package var members: Int
        package var created: String
    }

    package struct WaitlistRow: Sendable {
        package var id: String
        package var emailAddress: String
        package var status: String
        package var joined: String
    }

    package struct RequestRow: Sendable {
        package var time: String
        package var method: String
        package var path: String
        package var status: Int
        package var statusClass: String
        package var milliseconds: String
    }

    package struct PresetOption: Sendable {
        package var name: String
        package var guide: String
        package var selected: Bool
    }

    package struct CreatedUser: Sendable {
        package var identifier: String
        package var totpSecret: String?
        package var totpURI: String?
        package var backupCodes: String?
        /// Stored, since templates read stored properties only.
        package var hasSecrets: Bool

        package init(_ user: SeededUser) {
            identifier = user.emailAddress ?? user.phoneNumber ?? user.username ?? user.id
            totpSecret = user.totpSecret
            totpURI = user.totpURI
            backupCodes = user.backupCodes?.joined(separator: " ")
            hasSecrets = totpSecret != nil || backupCodes != nil
        }
    }

    package var token: String
    package var notice: String?
    package var error: String?
    package var created: CreatedUser?
    package var query: String?
    package var users: [UserRow]
    package var sessions: [SessionRow]
    package var organizations: [OrganizationRow]
    package var inbox: DashboardInbox
    package var requests: [RequestRow]
    package var applicationName: String
    package var instanceType: String
    package var presetName: String
    package var presets: [PresetOption]
    /// The instance runs settings no preset has: the preset list then selects "custom", not a preset.
    package var customSettings = false
    /// The preset to switch to once the person confirms deleting every user and session.
    package var confirmDeletion: PresetOption?
    package var settingsJSON: String
    /// Newest first; the section shows only when an address joined.
    package var waitlist: [WaitlistRow] = []
}

/// The outbox as an inbox, newest first: the panel the page polls.
package struct DashboardInbox: Sendable, Encodable {
    package struct Row: Sendable, Encodable {
        package var id: String
        package var time: String
        package var channel: String
        package var to: String
        package var purpose: String
        /// The code, or the link of an email link.
        package var code: String
        /// `code` is a link: the page lets it wrap, where a code stays on one line.
        package var isLink: Bool
    }

    package var messages: [Row]

    /// `messages` newest first (`Outbox.newestFirst`).
    package init(_ messages: [OutboxMessage]) {
        self.messages = messages.map { message in
            Row(
                id: message.id, time: DashboardTime.text(Date(timeIntervalSince1970: Double(message.sentAt) / 1000)),
                channel: message.channel.rawValue, to: message.to, purpose: message.purpose, code: message.code ?? message.link ?? "",
                isLink: message.code == nil && message.link != nil)
        }
    }
}

package enum DashboardTime {
    /// `14:03:27`, UTC.
    package static func text(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// `2026-11-29 14:03`, UTC.
    package static func dateTime(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
    }
}
