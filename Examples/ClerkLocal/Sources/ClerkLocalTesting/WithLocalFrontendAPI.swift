import ClerkLocalServer
import Foundation

/// Runs `body` against a server started in-process on a free loopback port, and shuts the server
/// down afterwards, whether `body` returned or threw.
///
/// ```swift
/// try await withLocalFrontendAPI(settings: SettingsPreset.emailCode.settings) { server in
///     let user = try await server.seedUser(SeedUser(emailAddress: TestIdentifiers.email("jane")))
///     // point the SDK at server.baseURL …
/// }
/// ```
///
/// - Parameters:
///   - settings: the instance's settings (email-password's when nil).
///   - now: where the server reads the time; a test that moves time passes `{ clock.now() }` of a
///     `ClerkTesting.ManualClock`.
public func withLocalFrontendAPI<Result>(
    settings: InstanceSettings? = nil,
    now: @escaping @Sendable () -> Date = Date.init,
    _ body: (RunningServer) async throws -> Result
) async throws -> Result {
    let server = try await LocalFrontendAPI.start(settings: settings, now: now)
    let result: Result
    do {
        result = try await body(server)
    } catch {
        await server.shutdown()
        throw error
    }
    await server.shutdown()
    return result
}
