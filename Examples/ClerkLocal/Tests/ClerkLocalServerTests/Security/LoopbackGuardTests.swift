import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Only an IP literal in 127.0.0.0/8 or ::1, and the name `localhost`, count as loopback: any
/// other name is whatever its DNS owner makes it (`127.0.0.1.attacker.example`, a rebinding name).
@Suite("Security: the loopback guard believes addresses, not names")
struct LoopbackGuardTests {
    static let loopback = [
        "127.0.0.1", "127.5.6.7", "127.255.255.254", "localhost", "LOCALHOST", "LocalHost", "::1", "0:0:0:0:0:0:0:1",
        "0000:0000:0000:0000:0000:0000:0000:0001", "::FFFF:127.0.0.1", "::ffff:7f00:1",
    ]
    static let notLoopback = [
        "127.0.0.1.attacker.example", "127.0.0.1.nip.io", "127.0.0.1.", "localhost.", "localhost.attacker.example",
        "LOCALHOST.ATTACKER.EXAMPLE", "attacker.example", "2130706433", "0177.0.0.1", "0x7f.0.0.1", "0x7f000001", "127.1",
        "127.000.000.001", "127.0.0.1x", "::1%lo", "::2", "::ffff:10.0.0.1", "::ffff:127.0.0.1.attacker.example", "", "128.0.0.1",
    ]

    @Test("Which host names count as loopback", arguments: loopback)
    func loopbackNames(_ host: String) {
        #expect(LocalAccess.isLoopbackName(host))
    }

    @Test("Names and spellings that do not", arguments: notLoopback)
    func otherNames(_ host: String) {
        #expect(!LocalAccess.isLoopbackName(host))
    }

    @Test("A Host or Origin naming 127.0.0.1 inside a longer name gets neither the export nor the dashboard")
    func rebindingNames() async throws {
        let server = try await LocalFrontendAPI.start()
        do {
            let port = server.port
            for host in ["127.0.0.1.x.example", "127.0.0.1.nip.io", "localhost.attacker.example", "127.0.0.1."] {
                for path in ["/__local/admin/export", "/__local/dashboard", "/__local/outbox"] {
                    let answer = try await RawConnection.exchange(
                        port: port, request: RawConnection.get(path, host: "\(host):\(port)"), waitLimit: 20)
                    #expect(answer.status == 400, "\(host) \(path): \(answer.status)")
                    #expect(answer.received.contains("host_invalid"))
                }
                let origin = RawConnection.get(
                    "/__local/admin/export", host: "127.0.0.1:\(port)", headers: ["Origin: http://\(host):\(port)"])
                let fromPage = try await RawConnection.exchange(port: port, request: origin, waitLimit: 20)
                #expect(fromPage.status == 403, "Origin \(host): \(fromPage.status)")
            }
            for host in ["[::1]", "[0:0:0:0:0:0:0:1]", "127.0.0.1", "LOCALHOST"] {
                let answer = try await RawConnection.exchange(
                    port: port, request: RawConnection.get("/__local/outbox", host: "\(host):\(port)"), waitLimit: 20)
                #expect(answer.status == 200, "\(host): \(answer.status)")
            }
        }
        await server.shutdown()
    }
}
