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
            Presets (one per custom-flow guide): \(SettingsPreset.allCases.map(\.rawValue).joined(separator: ", ")).
            Codes the server sends are printed here and listed at GET /__local/outbox?to=ADDRESS.
            Seed users with POST /__local/admin/users; reset with POST /__local/admin/reset.
            """)

    @Option(help: "The address to listen on. Off loopback (0.0.0.0 for a device on the network) it needs --secret-key.")
    var host = "127.0.0.1"

    @Option(help: "The URL apps reach the server at (e.g. the https URL of a reverse proxy): the tokens' iss and the publishable key name it. Default: the bound loopback URL.")
    var publicURL: String?

    @Option(help: "A secret key (sk_test_ and at least 16 letters or digits). Required off loopback; /__local/* then asks for it as 'Authorization: Bearer KEY' from anything not on this machine.")
    var secretKey: String?

    @Option(help: "Seconds a connection may sit idle (or stall mid-request) before it is closed.")
    var idleTimeout = 30

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8787

    @Option(help: "The settings preset: \(SettingsPreset.allCases.map(\.rawValue).joined(separator: ", ")).")
    var preset: String?

    @Option(help: "A JSON settings file: an optional \"preset\" (--preset wins over it) and settings to override (snake_case keys).")
    var settings: String?

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
        let instance = try settings.map { try SettingsLoader.load(file: URL(fileURLWithPath: $0), basePreset: base) }
            ?? (base ?? .emailPassword).settings
        if printSettings {
            print(String(decoding: try SettingsLoader.encode(instance), as: UTF8.self))
            return
        }
        var logger = Logger(label: "clerk-local")
        logger.logLevel = .info
        guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be positive") }
        var options = ListeningOptions(secretKey: secretKey, idleTimeout: .seconds(idleTimeout))
        if let publicURL {
            guard let url = URL(string: publicURL) else { throw ValidationError("--public-url is not a URL: \(publicURL)") }
            options.publicURL = url
        }
        let server: RunningServer
        do {
            server = try await LocalFrontendAPI.start(
                settings: instance, host: host, port: port, printsOutbox: true, handlesSignals: true, logger: logger,
                options: options)
        } catch let error as LocalServerError {
            throw ValidationError(error.message)
        }
        // Written unbuffered, so it shows at once even when the output goes to a file.
        FileHandle.standardOutput.write(Data("""
            clerk-local: Frontend API at \(server.baseURL.absoluteString) (preset \(base?.rawValue ?? (settings == nil ? "email-password" : "from \(settings!)")))
              publishable key   \(server.publishableKey)
              JWKS              \(server.baseURL.absoluteString)/.well-known/jwks.json
              outbox            \(server.baseURL.absoluteString)/__local/outbox?to=ADDRESS
              seed a user       POST \(server.baseURL.absoluteString)/__local/admin/users
            Test identifiers (+clerk_test emails, +1 XXX 555-01NN phones) accept code 424242.

            """.utf8))
        try await server.waitUntilStopped()
    }
}
