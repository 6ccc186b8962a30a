import ArgumentParser
import ClerkLocalServer
import Foundation
import Logging

/// `clerk-local` and `clerk-local serve`: runs the server until interrupted.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Runs the server (what clerk-local does without a subcommand).",
        discussion: ClerkLocalCommand.servingGuide)

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

    @Option(help: "Seconds a request may take to arrive whole (head and body) from its first byte before its connection is closed.")
    var requestDeadline = 30

    // Unconditional: `--port -1` is a value to refuse with the range, not a missing value.
    @Option(parsing: .unconditional, help: "The port to listen on, 0 to 65535 (0 picks a free one).")
    var port = 8787

    @Option(
        help:
            "The settings preset: \(SettingsPreset.allCases.map(\.rawValue).joined(separator: ", ")). Default: the settings file's \"preset\", else \(SettingsPreset.emailPassword.rawValue); without --preset and --settings, the settings the data directory kept from its last run (given at start or switched on the dashboard)."
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

    @Flag(
        help:
            "Flush each change to the disk before answering (survives a power loss; slower). Without it a change is written before answering and survives the server being killed."
    )
    var fsync = false

    @Flag(help: "Do not log each request.")
    var quiet = false

    @Flag(help: "Print the settings --preset and --settings give (email-password without either) and exit; a data directory is not read.")
    var printSettings = false

    @Option(
        name: .customLong("import"),
        help: ArgumentHelp(
            "Users to add before listening: a file written by 'clerk-local export'. A file with anything wrong in it stops start-up, naming the field.",
            valueName: "file"))
    var importFile: String?

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port \(port) is not a TCP port: give one from 0 to 65535 (0 picks a free one)")
        }
    }

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
        // Nil when neither option names settings: the data directory's kept ones apply.
        let instance = try settings.map { try SettingsLoader.load(file: URL(fileURLWithPath: $0), basePreset: base) } ?? base?.settings
        if printSettings {
            print(String(decoding: try SettingsLoader.encode(instance ?? SettingsPreset.emailPassword.settings), as: UTF8.self))
            return
        }
        var logger = Logger(label: "clerk-local")
        logger.logLevel = .info
        guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be positive") }
        guard requestDeadline > 0 else { throw ValidationError("--request-deadline must be positive") }
        var options = ListeningOptions(
            secretKey: secretKey, idleTimeout: .seconds(idleTimeout), logsRequests: !quiet, requestDeadline: .seconds(requestDeadline))
        if let publicURL {
            guard let url = URL(string: publicURL) else { throw ValidationError("--public-url is not a URL: \(publicURL)") }
            options.publicURL = url
        }
        if ephemeral, dataDir != nil || fsync { throw ValidationError("--ephemeral keeps nothing on disk; leave out --data-dir and --fsync") }
        let directory = ephemeral ? nil : dataDir ?? ServerStorage.defaultDirectoryName
        let users = try importFile.map(UserFile.read)
        let server: RunningServer
        do {
            server = try await LocalFrontendAPI.start(
                settings: instance, host: host, port: port, printsOutbox: true, handlesSignals: true, logger: logger,
                options: options, storage: directory.map { .directory(URL(fileURLWithPath: $0), fsyncEachCommit: fsync) } ?? .memory, importing: users)
        } catch let error as LocalServerError where error.code == "data_directory_in_use" {
            throw CommandFailure(error.message + "; stop it, or give this one another --data-dir, or --ephemeral to keep nothing on disk")
        } catch let error as LocalServerError {
            // What the server refused is not a matter of the command line: no usage text after it.
            throw CommandFailure(error.message)
        } catch let error as UserImportError {
            throw CommandFailure(UserFile.refusal(importFile ?? "", error))
        }
        var banner = Banner(
            baseURL: server.baseURL.absoluteString, publishableKey: server.publishableKey,
            preset: instance == nil
                ? SettingsPreset.allCases.first { $0.settings == server.settings }
                : base ?? settings.flatMap(Self.preset(inFile:)) ?? .emailPassword,
            settingsFile: settings, keptIn: instance == nil && server.settings != SettingsPreset.emailPassword.settings ? directory : nil,
            logsRequests: !quiet, backendAPI: (server.backendAPIURL.absoluteString, server.secretKey),
            dataDirectory: directory)
        if let importFile, let users { banner.imported = (users.userCount, importFile) }
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
