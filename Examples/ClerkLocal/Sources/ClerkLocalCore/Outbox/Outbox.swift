import Foundation

/// Every code the server delivers: kept for reading over HTTP or from Swift, and printed on the
/// console, the emulator's delivery channel (the one place codes are meant to be printed).
/// It keeps the latest `capacity` messages; older ones are dropped.
public final class Outbox: Sendable {
    public static let defaultCapacity = 1_000

    private let messages = LockedValue<[OutboxMessage]>([])
    /// Messages delivered since storage last took them (only when state is stored).
    private let undelivered = LockedValue<[OutboxMessage]>([])
    private let printsToConsole: Bool
    private let tracksDeliveries: Bool
    package let capacity: Int

    package init(printsToConsole: Bool, capacity: Int = Outbox.defaultCapacity, tracksDeliveries: Bool = false) {
        self.printsToConsole = printsToConsole
        self.capacity = max(1, capacity)
        self.tracksDeliveries = tracksDeliveries
    }

    @discardableResult
    package func deliver(
        channel: OutboxMessage.Channel, to destination: String, purpose: String, code: String, applicationName: String,
        lifetimeMinutes: Int, now: Date
    ) -> OutboxMessage {
        let body =
            switch channel {
            case .email: "\(code) is your verification code for \(applicationName). It expires in \(lifetimeMinutes) minutes."
            case .sms: "\(code) is your \(applicationName) verification code."
            }
        return record(channel: channel, to: destination, purpose: purpose, code: code, link: nil, body: body, now: now)
    }

    /// Sends an email link: the email holds the URL that verifies when opened.
    @discardableResult
    package func deliverLink(to address: String, purpose: String, link: String, applicationName: String, lifetimeMinutes: Int, now: Date)
        -> OutboxMessage
    {
        let body = "Open \(link) to sign in to \(applicationName). The link expires in \(lifetimeMinutes) minutes."
        return record(channel: .email, to: address, purpose: purpose, code: nil, link: link, body: body, now: now)
    }

    func record(
        channel: OutboxMessage.Channel, to destination: String, purpose: String, code: String?, link: String?, body: String, now: Date
    ) -> OutboxMessage {
        let message = OutboxMessage(
            id: SecureRandom.identifier(prefix: "msg"), channel: channel, to: destination, purpose: purpose,
            code: code, link: link, body: body, sentAt: Int64((now.timeIntervalSince1970 * 1000).rounded()))
        messages.withLockedValue { stored in
            stored.append(message)
            if stored.count > capacity { stored.removeFirst(stored.count - capacity) }
        }
        if tracksDeliveries { undelivered.withLockedValue { $0.append(message) } }
        if printsToConsole {
            // Unbuffered, so a developer sees the code at once even when the output goes to a file.
            FileHandle.standardOutput.write(Data(Self.consoleLine(message).utf8))
        }
        return message
    }

    /// Takes back messages of an operation that failed (a line already printed stays printed).
    package func withdraw(_ ids: Set<String>) {
        guard !ids.isEmpty else { return }
        messages.withLockedValue { $0.removeAll { ids.contains($0.id) } }
        undelivered.withLockedValue { $0.removeAll { ids.contains($0.id) } }
    }

    /// The line printed for a message. The address comes from a user's input, so control
    /// characters (an ANSI escape in an email's local part) are shown escaped, never sent raw.
    package static func consoleLine(_ message: OutboxMessage) -> String {
        let text = "[outbox] \(message.channel.rawValue) to \(message.to) (\(message.purpose)): \(message.body)"
        return ConsoleText.escapingControlCharacters(text) + "\n"
    }

    /// Messages in the order sent, optionally only those to one address or number.
    public func messages(to destination: String? = nil) -> [OutboxMessage] {
        let all = messages.withLockedValue { $0 }
        guard let destination else { return all }
        let wanted = Self.normalized(destination)
        return all.filter { Self.normalized($0.to) == wanted }
    }

    /// Messages newest first, as `GET /__local/outbox` and the dashboard's inbox list them: the code
    /// a person is waiting for is at the top.
    package func newestFirst(to destination: String? = nil) -> [OutboxMessage] {
        messages(to: destination).reversed()
    }

    /// The code of the latest message with a code to a destination.
    public func latestCode(to destination: String) -> String? {
        messages(to: destination).last { $0.code != nil }?.code
    }

    /// The latest email link sent to an address.
    public func latestLink(to address: String) -> String? {
        messages(to: address).last { $0.link != nil }?.link
    }

    package func clear() {
        messages.withLockedValue { $0.removeAll() }
        undelivered.withLockedValue { $0.removeAll() }
    }

    /// The messages delivered since the last call, for storage.
    package func takeDeliveries() -> [OutboxMessage] {
        guard tracksDeliveries else { return [] }
        return undelivered.withLockedValue { pending in
            defer { pending = [] }
            return pending
        }
    }

    /// Puts back the messages storage kept (oldest first), at start.
    package func restore(_ stored: [OutboxMessage]) {
        messages.withLockedValue { $0 = Array(stored.suffix(capacity)) }
    }

    private static func normalized(_ destination: String) -> String {
        destination.contains("@") ? destination.lowercased() : destination.filter { $0 == "+" || $0.isNumber }
    }
}
