import Foundation

/// A Clerk publishable key: `pk_test_` or `pk_live_` followed by the base64 (padding stripped)
/// of `"<frontend-api-host>$"`.
///
/// A publishable key is public by design, so it may appear in descriptions.
public struct PublishableKey: Sendable, Hashable, CustomStringConvertible {
    /// Whether the key belongs to a development (`pk_test_`) or production (`pk_live_`) instance.
    public enum Environment: String, Sendable, Hashable {
        /// A development instance (`pk_test_`).
        case test
        /// A production instance (`pk_live_`).
        case live
    }

    /// The key exactly as given.
    public let rawValue: String
    /// The instance kind the prefix names.
    public let environment: Environment
    /// The Frontend API host the key encodes, e.g. `clerk.example.com`.
    public let frontendAPIHost: String

    /// Parses a publishable key.
    /// - Throws: `ClerkError.configuration(.invalidPublishableKey)` naming what is wrong.
    public init(_ rawValue: String) throws(ClerkError) {
        let trimmed = rawValue.trimmingCharacters(in: .whitespacesAndNewlines)
        let environment: Environment
        let encoded: Substring
        if trimmed.hasPrefix("pk_test_") {
            environment = .test
            encoded = trimmed.dropFirst("pk_test_".count)
        } else if trimmed.hasPrefix("pk_live_") {
            environment = .live
            encoded = trimmed.dropFirst("pk_live_".count)
        } else {
            throw .configuration(.invalidPublishableKey(reason: "it must start with pk_test_ or pk_live_"))
        }
        guard !encoded.isEmpty else {
            throw .configuration(.invalidPublishableKey(reason: "nothing follows the pk_test_/pk_live_ prefix"))
        }
        var base64 = String(encoded)
        // Keys are usually sent without padding; restore it for the decoder.
        while base64.count % 4 != 0 { base64.append("=") }
        guard let data = Data(base64Encoded: base64), let decoded = String(data: data, encoding: .utf8) else {
            throw .configuration(.invalidPublishableKey(reason: "the part after the prefix is not base64 of UTF-8 text"))
        }
        guard decoded.hasSuffix("$") else {
            throw .configuration(.invalidPublishableKey(reason: "the decoded value does not end with '$'"))
        }
        let host = String(decoded.dropLast())
        guard HostName.isValid(host) else {
            throw .configuration(.invalidPublishableKey(reason: "the decoded value is not a host name"))
        }
        self.rawValue = trimmed
        self.environment = environment
        self.frontendAPIHost = host
    }

    /// The Frontend API URL: `https://` and the decoded host, or `http://` when the host is a
    /// loopback address (a local server such as `clerk-local`, which prints such keys).
    public var frontendAPIURL: URL {
        let name = frontendAPIHost.split(separator: ":").first.map(String.init) ?? frontendAPIHost
        let scheme = HostName.isLoopback(name) ? "http://" : "https://"
        // A validated host name always forms a URL.
        return URL(string: scheme + frontendAPIHost)!
    }

    /// The key as given (a publishable key is not a secret).
    public var description: String { rawValue }
}

/// Host name checks shared by key parsing and URL validation.
enum HostName {
    /// Letters, digits, `-`, `.` and an optional `:port`: what a Frontend API host looks like.
    static func isValid(_ host: String) -> Bool {
        guard !host.isEmpty, host.count <= 253 else { return false }
        let parts = host.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let name = parts.first, !name.isEmpty else { return false }
        if parts.count == 2 {
            guard let port = Int(parts[1]), (1...65535).contains(port) else { return false }
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")
        guard name.allSatisfy(allowed.contains), !name.hasPrefix("."), !name.hasPrefix("-"), !name.contains("..") else {
            return false
        }
        return true
    }

    /// Whether `host` is a loopback address: 127.0.0.0/8, ::1 or localhost.
    static func isLoopback(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name = String(name.dropLast()) }
        if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return false }
        let values = octets.compactMap { octet -> Int? in
            guard !octet.isEmpty, octet.count <= 3, octet.allSatisfy(\.isASCII), let value = Int(octet) else { return nil }
            return (0...255).contains(value) ? value : nil
        }
        return values.count == 4 && values[0] == 127
    }
}
