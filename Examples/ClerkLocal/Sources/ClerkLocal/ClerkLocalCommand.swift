import ArgumentParser
import ClerkLocalServer

/// `swift run --package-path Examples clerk-local`: a local Clerk Frontend API to point an app at.
/// Without a subcommand it serves, with every option of `serve`.
@main
struct ClerkLocalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clerk-local",
        abstract: "Runs a local Clerk Frontend API: the documented sign-in and sign-up flows, offline.",
        discussion: servingGuide + """


            Options such as --port, --preset, --settings and --import belong to serve, the default: \
            'clerk-local serve --help' lists them all. 'clerk-local export FILE' writes a running server's users \
            to a file that --import reads.
            """,
        subcommands: [ServeCommand.self, ExportCommand.self, WaitCommand.self],
        defaultSubcommand: ServeCommand.self)

    static let servingGuide = """
        Presets (one per custom-flow guide): \(SettingsPreset.allCases.map(\.rawValue).joined(separator: ", ")); \
        the default is \(SettingsPreset.emailPassword.rawValue), or what a data directory kept.
        Codes the server sends are printed here and listed at GET /__local/outbox?to=ADDRESS, newest first.
        Seed users with POST /__local/admin/users, reset with POST /__local/admin/reset \
        (both with Content-Type: application/json).
        Each request is logged on one line: method, path, status, time, client (abbreviated).

        Once listening it prints the preset in use, a Swift line for the SDK and curl lines to try; on port 8787:
          let clerk = try ClerkClient(publishableKey: "pk_test_MTI3LjAuMC4xOjg3ODck")
          curl -s http://127.0.0.1:8787/v1/environment
        """
}

/// A failure the command reports as is: ArgumentParser prints `Error: ` and the description,
/// without the usage a `ValidationError` adds.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
