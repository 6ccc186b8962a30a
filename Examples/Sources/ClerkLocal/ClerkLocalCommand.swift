import ArgumentParser
import ClerkLocalServer
import Foundation
import Logging

/// `swift run --package-path Examples clerk-local`: a local Clerk Frontend API to point an app at.
@main
struct ClerkLocalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clerk-local",
        abstract: "Runs a local Clerk Frontend API: the documented sign-in and sign-up flows, offline.",
        discussion: """
            Presets (one per custom-flow guide): \(SettingsPreset.allCases.map(\.rawValue).joined(separator: ", ")); \
            the default is \(SettingsPreset.emailPassword.rawValue).
            Codes the server sends are printed here and listed at GET /__local/outbox?to=ADDRESS.
            Seed users with POST /__local/admin/users, reset with POST /__local/admin/reset \
            (both with Content-Type: application/json).
            Each request is logged on one line: method, path, status, time, client (abbreviated).

            Once listening it prints the preset in use, a Swift line for the SDK and curl lines to try; on port 8787:
              let clerk = try ClerkClient(publishableKey: "pk_test_MTI3LjAuMC4xOjg3ODck")
              curl -s http://127.0.0.1:8787/v1/environment
            """)

    @Option(help: "The address to listen on. Off loopback (0.0.0.0 for a device on the network) it needs --secret-key.")
    var host = "127.0.0.1"

    @Option(
        help:
            "The URL apps reach the server at (e.g. the https URL of a reverse proxy): the tokens' iss and the publishable key name it. Default: the bound loopback URL."
    )
    var publicURL: String?

    @Option(
        help:
            "A secret key (sk_test_ and at least 16 letters or digits). Required off loopback; /__local/* then asks for it as 'Authorization: Bearer KEY' from anything not on this machine. The Backend API (/bapi/v1) always takes it; without this option one is generated and printed."
    )
    var secretKey: String?

    @Option(help: "Seconds a connection may sit idle (or stall mid-request) before it is closed.")
    var idleTimeout = 30

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8787

    @Option(
        help:
            "The settings preset: \(SettingsPreset.allCases.map(\.rawValue).joined(separator: ", ")). Default: the settings file's \"preset\", else \(SettingsPreset.emailPassword.rawValue)."
    )
    var preset: String?

    @Option(help: "A JSON settings file: an optional \"preset\" to start from (--preset wins over it) and settings to override (snake_case keys).")
    var settings: String?

    @Option(
        help:
            "The directory that keeps users, sessions and messages across restarts (SQLite, created if missing). Default: ./\(ServerStorage.defaultDirectoryName)"
    )
    var dataDir: String?

    @Flag(help: "Keep everything in memory: nothing is read from or written to a data directory.")
    var ephemeral = false

    @Flag(help: "Do not log each request.")
    var quiet = false

    @Flag(help: "Print the effective settings and exit.")
    var printSettings = false

    func run() async throws {
        let base: SettingsPreset?
        if let preset {
            guard let named = SettingsPreset(rawValue: preset) else {
                throw ValidationError("unknown preset '\(preset)'; known: \(SettingsPreset.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            base = named
        } else {
            base = nil
        }
        let instance =
            try settings.map { try SettingsLoader.load(file: URL(fileURLWithPath: $0), basePreset: base) }
            ?? (base ?? .emailPassword).settings
        if printSettings {
            print(String(decoding: try SettingsLoader.encode(instance), as: UTF8.self))
            return
        }
        var logger = Logger(label: "clerk-local")
        logger.logLevel = .info
        guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be positive") }
        var options = ListeningOptions(secretKey: secretKey, idleTimeout: .seconds(idleTimeout), logsRequests: !quiet)
        if let publicURL {
            guard let url = URL(string: publicURL) else { throw ValidationError("--public-url is not a URL: \(publicURL)") }
            options.publicURL = url
        }
        if ephemeral, dataDir != nil { throw ValidationError("--ephemeral keeps nothing on disk; leave out --data-dir") }
        let directory = ephemeral ? nil : URL(fileURLWithPath: dataDir ?? ServerStorage.defaultDirectoryName)
        let server: RunningServer
        do {
            server = try await LocalFrontendAPI.start(
                settings: instance, host: host, port: port, printsOutbox: true, handlesSignals: true, logger: logger,
                options: options, storage: directory.map(ServerStorage.directory) ?? .memory)
        } catch let error as LocalServerError {
            throw ValidationError(error.message)
        }
        let banner = Banner(
            baseURL: server.baseURL.absoluteString, publishableKey: server.publishableKey,
            preset: base ?? settings.flatMap(Self.preset(inFile:)) ?? .emailPassword, settingsFile: settings,
            logsRequests: !quiet, backendAPI: (server.backendAPIURL.absoluteString, server.secretKey),
            dataDirectory: ephemeral ? nil : (dataDir ?? ServerStorage.defaultDirectoryName))
        // Written unbuffered, so it shows at once even when the output goes to a file.
        FileHandle.standardOutput.write(Data(banner.text.utf8))
        try await server.waitUntilStopped()
    }

    /// The preset a settings file starts from (its "preset" key); the loader has already read it.
    static func preset(inFile path: String) -> SettingsPreset? {
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let name = object["preset"] as? String
        else { return nil }
        return SettingsPreset(rawValue: name)
    }
}
