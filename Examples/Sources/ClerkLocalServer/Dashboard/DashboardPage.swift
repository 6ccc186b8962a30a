import Foundation

/// What the dashboard's templates render: plain values, every secret left out (a created user's
/// generated secrets appear once, in `created`, on the answer to the form that created it).
struct DashboardPage: Sendable {
    struct UserRow: Sendable {
        var id: String
        var identifier: String
        var details: String?
        var factors: String
        var hasPassword: Bool
        var compromised: Bool
        var lock: String?
    }

    struct SessionRow: Sendable {
        var id: String
        var user: String
        var client: String
        var status: String
        var live: Bool
    }

    struct RequestRow: Sendable {
        var time: String
        var method: String
        var path: String
        var status: Int
        var statusClass: String
        var milliseconds: String
    }

    struct PresetOption: Sendable {
        var name: String
        var guide: String
        var selected: Bool
    }

    struct CreatedUser: Sendable {
        var identifier: String
        var totpSecret: String?
        var totpURI: String?
        var backupCodes: String?
        /// Stored, since templates read stored properties only.
        var hasSecrets: Bool

        init(_ user: SeededUser) {
            identifier = user.emailAddress ?? user.phoneNumber ?? user.username ?? user.id
            totpSecret = user.totpSecret
            totpURI = user.totpURI
            backupCodes = user.backupCodes?.joined(separator: " ")
            hasSecrets = totpSecret != nil || backupCodes != nil
        }
    }

    var token: String
    var notice: String?
    var error: String?
    var created: CreatedUser?
    var query: String?
    var users: [UserRow]
    var sessions: [SessionRow]
    var inbox: DashboardInbox
    var requests: [RequestRow]
    var applicationName: String
    var instanceType: String
    var presetName: String
    var presets: [PresetOption]
    /// The preset to switch to once the person confirms deleting every user and session.
    var confirmDeletion: PresetOption?
    var settingsJSON: String
}

/// The outbox as an inbox, newest first: the panel the page polls.
struct DashboardInbox: Sendable, Encodable {
    struct Row: Sendable, Encodable {
        var id: String
        var time: String
        var channel: String
        var to: String
        var purpose: String
        var code: String
    }

    var messages: [Row]

    /// `messages` newest first (`Outbox.newestFirst`).
    init(_ messages: [OutboxMessage]) {
        self.messages = messages.map { message in
            Row(
                id: message.id, time: DashboardTime.text(Date(timeIntervalSince1970: Double(message.sentAt) / 1000)),
                channel: message.channel.rawValue, to: message.to, purpose: message.purpose, code: message.code)
        }
    }
}

enum DashboardTime {
    /// `14:03:27`, UTC.
    static func text(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
