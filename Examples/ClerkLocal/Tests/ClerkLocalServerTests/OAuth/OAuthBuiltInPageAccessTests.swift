import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The built-in provider's page signs anyone in as any address: off loopback (where the secret key
/// guards `/__local`, which a browser cannot send) it answers nobody but this machine.
@Suite("OAuth: the built-in provider's page answers browsers on this machine only")
struct OAuthBuiltInPageAccessTests {
    @Test("From another address, authorize and decide answer 403 access_denied; from loopback they are reached")
    func pageRefusesOtherMachines() async throws {
        let address = try #require(RawConnection.nonLoopbackIPv4(), "this machine has no IPv4 address besides loopback")
        let key = "sk_test_" + String(repeating: "k7", count: 12)
        let server = try await LocalFrontendAPI.start(settings: SettingsPreset.social.settings, host: "0.0.0.0", options: ListeningOptions(secretKey: key))
        do {
            let port = server.port
            let pages = [
                ("/__local/oauth/google/authorize?response_type=code", 401, "invalid_client"),
                ("/__local/oauth/google/authorize/decide?request=x&email=ada@clerk-local.test", 400, "invalid_request"),
            ]
            for (path, localStatus, localError) in pages {
                let remote = try await RawConnection.exchange(
                    address: address, port: port, request: RawConnection.get(path, host: "\(address):\(port)"), waitLimit: 20)
                #expect(remote.status == 403, "\(path) from \(address): \(remote.status.map(String.init) ?? "no answer")")
                #expect(remote.received.contains("access_denied"))
                // From loopback the same requests reach the provider, which refuses them for what they lack.
                let local = try await RawConnection.exchange(port: port, request: RawConnection.get(path, host: "127.0.0.1:\(port)"), waitLimit: 20)
                #expect(local.status == localStatus, "\(path) from loopback: \(local.status.map(String.init) ?? "no answer")")
                #expect(local.received.contains(localError))
            }
            let discovery = try await RawConnection.exchange(
                address: address, port: port,
                request: RawConnection.get("/__local/oauth/google/.well-known/openid-configuration", host: "\(address):\(port)"), waitLimit: 20)
            #expect(discovery.status == 200, "the discovery document stays public")
        }
        await server.shutdown()
    }

    @Test("A rebound Host or a foreign Origin gets neither authorize nor decide, as /__local/outbox; the app's own browser does")
    func pageRefusesRebindingAndOtherOrigins() async throws {
        let server = try await LocalFrontendAPI.start(settings: SettingsPreset.social.settings)
        do {
            let port = server.port
            let paths = [
                "/__local/oauth/google/authorize?response_type=code", "/__local/oauth/google/authorize/decide?request=x&email=ada@clerk-local.test",
                "/__local/outbox",
            ]
            for path in paths {
                let rebound = try await RawConnection.exchange(
                    port: port, request: RawConnection.get(path, host: "rebind.attacker.example:\(port)"), waitLimit: 20)
                #expect(rebound.status == 400, "\(path) with a rebound Host: \(rebound.status.map(String.init) ?? "no answer")")
                #expect(rebound.received.contains("host_invalid"))
                let foreign = RawConnection.get(path, host: "127.0.0.1:\(port)", headers: ["Origin: https://attacker.example"])
                let fromPage = try await RawConnection.exchange(port: port, request: foreign, waitLimit: 20)
                #expect(fromPage.status == 403, "\(path) with a foreign Origin: \(fromPage.status.map(String.init) ?? "no answer")")
                #expect(fromPage.received.contains("origin_invalid"))
            }
            let own = RawConnection.get(paths[0], host: "localhost:\(port)", headers: ["Origin: http://localhost:\(port)"])
            let fromApp = try await RawConnection.exchange(port: port, request: own, waitLimit: 20)
            #expect(fromApp.status == 401, "reached the provider, which refuses the request for its client")
            #expect(fromApp.received.contains("invalid_client"))
        }
        await server.shutdown()
    }
}
