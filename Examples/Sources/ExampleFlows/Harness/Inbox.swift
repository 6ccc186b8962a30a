import ClerkLocalServer
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A code or an email link as it reached the person: by email or SMS.
public struct Delivery: Sendable, Hashable {
    public var channel: String
    public var to: String
    public var purpose: String
    /// The code; nil for an email link.
    public var code: String?
    /// The email link; nil for a code.
    public var link: String?
    /// How many messages that destination has received so far.
    public var count: Int

    /// The line the transcript shows: where it went and why, never the code or the link.
    public var summary: String { "\(channel) to \(to) (\(purpose)), message #\(count)" }
}

/// Where the person's emails and text messages arrive, for a run without a person.
public protocol Inbox: Sendable {
    /// The latest message delivered to `destination`, if any.
    func latest(to destination: String) async -> Delivery?
}

/// The embedded server's outbox, read from Swift.
public struct ServerOutbox: Inbox {
    let server: RunningServer

    public init(server: RunningServer) {
        self.server = server
    }

    public func latest(to destination: String) async -> Delivery? {
        let messages = server.outbox(to: destination)
        return messages.last.map {
            Delivery(channel: $0.channel.rawValue, to: $0.to, purpose: $0.purpose, code: $0.code, link: $0.link, count: messages.count)
        }
    }
}

/// A separately started `clerk-local`'s outbox, read over HTTP (`GET /__local/outbox?to=`).
public struct HTTPOutbox: Inbox {
    let baseURL: URL

    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    private struct Page: Decodable {
        struct Message: Decodable {
            var channel: String
            var to: String
            var purpose: String
            var code: String?
            var link: String?
        }
        var messages: [Message]
    }

    public func latest(to destination: String) async -> Delivery? {
        guard var components = URLComponents(url: baseURL.appendingPathComponent("__local/outbox"), resolvingAgainstBaseURL: false) else {
            return nil
        }
        components.queryItems = [URLQueryItem(name: "to", value: destination)]
        guard let url = components.url,
            let (data, response) = try? await URLSession.shared.data(from: url),
            (response as? HTTPURLResponse)?.statusCode == 200,
            let page = try? JSONDecoder().decode(Page.self, from: data)
        else { return nil }
        // Newest first.
        return page.messages.first.map {
            Delivery(channel: $0.channel, to: $0.to, purpose: $0.purpose, code: $0.code, link: $0.link, count: page.messages.count)
        }
    }
}

/// Clerk's test conventions on development instances: `+clerk_test` emails and `+1 XXX 555-01NN`
/// phone numbers receive nothing, and their code is always 424242.
public enum TestConventions {
    public static let code = "424242"

    /// Whether `identifier` is a test email address or phone number.
    public static func applies(to identifier: String) -> Bool {
        if identifier.contains("@") {
            return identifier.lowercased().contains("+clerk_test")
        }
        let digits = identifier.filter(\.isNumber)
        guard digits.count >= 7 else { return false }
        let local = digits.suffix(7)
        return local.hasPrefix("55501")
    }
}
