import ClerkLocalServer

/// What clerk-local prints once it listens: where it is, the preset in use, and a Swift line and
/// curl lines that work as printed.
struct Banner {
    /// The Frontend API URL, without a trailing slash.
    var baseURL: String
    var publishableKey: String
    /// The preset the settings start from; nil for kept settings that match none.
    var preset: SettingsPreset?
    /// The settings file whose overrides apply on top of `preset`, if any.
    var settingsFile: String?
    /// The data directory the settings were kept in from an earlier run, when they came from there.
    var keptIn: String? = nil
    var logsRequests: Bool
    /// The Backend API's base URL and the secret key it takes; its line is printed when given.
    var backendAPI: (url: String, secretKey: String)? = nil
    /// Where state is kept: a data directory, or nil for memory only.
    var dataDirectory: String? = nil
    /// How many users `--import` added, and from which file.
    var imported: (count: Int, file: String)? = nil

    var text: String {
        var lines = [
            "clerk-local: Frontend API at \(baseURL)",
            "  preset            " + (preset.map { "\($0.rawValue) (\($0.guide))" } ?? "custom settings")
                + (settingsFile.map { ", with the settings of \($0)" } ?? "") + (keptIn.map { ", kept in \($0)" } ?? ""),
            "  publishable key   \(publishableKey)",
            "  JWKS              \(baseURL)/.well-known/jwks.json",
            "  outbox            \(baseURL)/__local/outbox?to=ADDRESS (newest first)",
            "  dashboard         \(baseURL)/__local/dashboard",
            "  state             "
                + (dataDirectory.map { "\($0) (kept across restarts; --ephemeral keeps it in memory)" }
                    ?? "in memory (gone when the server stops)"),
            "",
            "Point the Swift SDK at it:",
            "  \(swiftLine)",
            "Try it:",
            "  \(environmentCurl)",
            "  \(seedCurl)",
            "Test identifiers (+clerk_test emails, +1 XXX 555-01NN phones) accept code 424242.",
        ]
        if let backendAPI, let outbox = lines.firstIndex(where: { $0.hasPrefix("  outbox") }) {
            lines.insert("  Backend API       \(backendAPI.url) (secret key \(backendAPI.secretKey))", at: outbox + 1)
        }
        if let imported, let dashboard = lines.firstIndex(where: { $0.hasPrefix("  dashboard") }) {
            lines.insert("  users             \(imported.count) imported from \(imported.file)", at: dashboard + 1)
        }
        if logsRequests { lines.append("Requests are logged one per line below (--quiet turns that off).") }
        return lines.joined(separator: "\n") + "\n"
    }

    var swiftLine: String {
        // A publishable key naming a loopback host means plain http to it.
        #"let clerk = try ClerkClient(publishableKey: "\#(publishableKey)")"#
    }

    var environmentCurl: String {
        "curl -s \(baseURL)/v1/environment"
    }

    /// Seeds a user who signs in with an email code (a `+clerk_test` address takes 424242).
    var seedCurl: String {
        #"curl -s \#(baseURL)/__local/admin/users -H 'Content-Type: application/json' -d '{"email_address": "jane+clerk_test@example.com"}'"#
    }
}
