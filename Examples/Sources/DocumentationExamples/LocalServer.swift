import Clerk

/// A client for `clerk-local` on this machine (port 8787 unless it was started with `--port`).
public func localServerClient(port: Int = 8787) throws -> ClerkClient {
    ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: "http://127.0.0.1:\(port)"))
}
