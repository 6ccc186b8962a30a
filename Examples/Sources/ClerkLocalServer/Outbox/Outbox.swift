import Foundation
import NIOConcurrencyHelpers

/// Every code the server delivers: kept for reading over HTTP or from Swift, and printed on the
/// console, the emulator's delivery channel (the one place codes are meant to be printed).
public final class Outbox: Sendable {
    private let messages = NIOLockedValueBox<[OutboxMessage]>([])
    private let printsToConsole: Bool

    init(printsToConsole: Bool) {
        self.printsToConsole = printsToConsole
    }

    func deliver(
        channel: OutboxMessage.Channel, to destination: String, purpose: String, code: String, applicationName: String,
        lifetimeMinutes: Int, now: Date
    ) {
        let body = switch channel {
        case .email: "\(code) is your verification code for \(applicationName). It expires in \(lifetimeMinutes) minutes."
        case .sms: "\(code) is your \(applicationName) verification code."
        }
        let message = OutboxMessage(
            id: SecureRandom.identifier(prefix: "msg"), channel: channel, to: destination, purpose: purpose,
            code: code, body: body, sentAt: Int64((now.timeIntervalSince1970 * 1000).rounded()))
        messages.withLockedValue { $0.append(message) }
        if printsToConsole {
            // Unbuffered, so a developer sees the code at once even when the output goes to a file.
            FileHandle.standardOutput.write(Data("[outbox] \(channel.rawValue) to \(destination) (\(purpose)): \(body)\n".utf8))
        }
    }

    /// Messages in the order sent, optionally only those to one address or number.
    public func messages(to destination: String? = nil) -> [OutboxMessage] {
        let all = messages.withLockedValue { $0 }
        guard let destination else { return all }
        let wanted = Self.normalized(destination)
        return all.filter { Self.normalized($0.to) == wanted }
    }

    /// The code of the latest message to a destination.
    public func latestCode(to destination: String) -> String? {
        messages(to: destination).last?.code
    }

    func clear() {
        messages.withLockedValue { $0.removeAll() }
    }

    private static func normalized(_ destination: String) -> String {
        destination.contains("@") ? destination.lowercased() : destination.filter { $0 == "+" || $0.isNumber }
    }
}
