import ClerkLocalServer

/// How the benchmarks get the server they measure: a name for the progress lines and a closure that
/// starts one with the given settings. Every part takes one, so that a differently configured server
/// (another store, other options) is measured by the same code, side by side with the default.
struct ServerSetup: Sendable {
    var name: String
    var start: @Sendable (InstanceSettings) async throws -> RunningServer

    /// The local server as `clerk-local` runs it by default: in-process, state in memory.
    static let inMemory = ServerSetup(name: "in-memory") { settings in
        try await LocalFrontendAPI.start(settings: settings)
    }

    /// Starts a server, runs `body` with it, and shuts it down whatever happens.
    func with<Result: Sendable>(_ settings: InstanceSettings, _ body: (RunningServer) async throws -> Result) async throws -> Result {
        let server = try await start(settings)
        do {
            let result = try await body(server)
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
    }
}
