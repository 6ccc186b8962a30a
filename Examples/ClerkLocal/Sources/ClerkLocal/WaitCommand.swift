import ArgumentParser
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `clerk-local wait`: returns once a clerk-local (started in the background, say) answers, so a
/// script can go on to use it without racing its start.
struct WaitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wait",
        abstract: "Waits until a clerk-local answers at its URL, then exits 0; exits 1 if none answers in time.",
        discussion: """
            For scripts that start the server in the background: 'clerk-local > clerk-local.log 2>&1 &', then \
            'clerk-local wait', then requests.
            """)

    @Option(help: "The server's URL (default http://127.0.0.1:8787).")
    var server: String = "http://127.0.0.1:8787"

    @Option(help: "How many seconds to wait at most (a first 'swift run' also builds the server first).")
    var timeout: Double = 300

    func validate() throws {
        guard let url = URL(string: server), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { throw ValidationError("--server must be an http or https URL such as http://127.0.0.1:8787") }
        guard timeout > 0 else { throw ValidationError("--timeout must be a number of seconds above 0") }
    }

    func run() async throws {
        var base = server
        while base.hasSuffix("/") { base.removeLast() }
        var request = URLRequest(url: URL(string: base + "/v1/environment")!)
        request.timeoutInterval = 2
        let session = URLSession(configuration: .ephemeral)
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            if let (_, answer) = try? await session.data(for: request), (answer as? HTTPURLResponse)?.statusCode == 200 {
                print("clerk-local is ready at \(base)")
                return
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw CommandFailure("no clerk-local answered at \(base) within \(Int(timeout)) s (is it running? its log says why not)")
    }
}
