import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Security: the emulator's own endpoints answer only the developer's tools")
struct LocalEndpointAccessTests {
    private static let seedBody = Data(#"{"email_address": "planted@example.com", "password": "chosen-by-a-web-page"}"#.utf8)

    @Test("Admin writes need application/json: a cross-site 'simple' request changes nothing")
    func jsonOnlyWrites() async throws {
        try await withServer { server in
            let page = server.client()
            for contentType in ["text/plain", "application/x-www-form-urlencoded", "application/jsonp"] {
                let planted = try await page.send("POST", "/__local/admin/users", rawBody: Self.seedBody, contentType: contentType)
                expectError(planted, status: 415, code: "unsupported_content_type")
            }
            let reset = try await page.send("POST", "/__local/admin/reset")
            expectError(reset, status: 415, code: "unsupported_content_type")
            let users = try await page.send("GET", "/__local/admin/users")
            #expect((users.json["users"] as? [Any])?.isEmpty == true)
            let json = try await page.send("POST", "/__local/admin/reset", rawBody: Data("{}".utf8), contentType: "application/json; charset=utf-8")
            #expect(json.status == 200)
        }
    }

    @Test("A foreign Origin is refused on /__local/*, the server's own is not")
    func foreignOrigin() async throws {
        try await withServer { server in
            let page = server.client()
            page.origin = "https://attacker.example"
            expectError(try await page.send("GET", "/__local/outbox"), status: 403, code: "origin_invalid")
            let planted = try await page.send("POST", "/__local/admin/users", rawBody: Self.seedBody, contentType: "application/json")
            expectError(planted, status: 403, code: "origin_invalid")
            page.origin = "null"
            expectError(try await page.send("GET", "/__local/outbox"), status: 403, code: "origin_invalid")
            page.origin = server.baseURL.absoluteString
            #expect(try await page.send("GET", "/__local/outbox").status == 200)
        }
    }

    @Test("A foreign Host (DNS rebinding) is refused; loopback names and the public URL's host are not")
    func foreignHost() async throws {
        let server = try await LocalFrontendAPI.start()
        do {
            let port = server.port
            let rebound = try await RawConnection.exchange(
                port: port, request: RawConnection.get("/__local/outbox", host: "attacker.example:\(port)"), waitLimit: 20)
            #expect(rebound.status == 400)
            #expect(rebound.received.contains("host_invalid"))
            for host in ["127.0.0.1:\(port)", "localhost:\(port)"] {
                let local = try await RawConnection.exchange(port: port, request: RawConnection.get("/__local/outbox", host: host), waitLimit: 20)
                #expect(local.status == 200, "\(host): \(local.received)")
            }
        }
        await server.shutdown()
    }

    @Test("Off loopback the secret key is required, and without one the server will not listen there")
    func secretKey() async throws {
        await #expect(throws: LocalServerError.self) { try await LocalFrontendAPI.start(host: "0.0.0.0") }
        await #expect(throws: LocalServerError.self) {
            try await LocalFrontendAPI.start(options: ListeningOptions(secretKey: "not-a-secret-key"))
        }
        let key = "sk_test_" + String(repeating: "k7", count: 12)
        let publicURL = try #require(URL(string: "https://clerk.example.test"))
        let server = try await LocalFrontendAPI.start(options: ListeningOptions(publicURL: publicURL, secretKey: key))
        do {
            // Through a reverse proxy the peer is loopback but the Host is the public one.
            let proxied = RawConnection.get("/__local/outbox", host: "clerk.example.test")
            #expect(try await RawConnection.exchange(port: server.port, request: proxied, waitLimit: 20).status == 401)
            let wrongKey = RawConnection.get("/__local/outbox", host: "clerk.example.test", headers: ["Authorization: Bearer sk_test_wrong"])
            #expect(try await RawConnection.exchange(port: server.port, request: wrongKey, waitLimit: 20).status == 401)
            let withKey = RawConnection.get("/__local/outbox", host: "clerk.example.test", headers: ["Authorization: Bearer \(key)"])
            #expect(try await RawConnection.exchange(port: server.port, request: withKey, waitLimit: 20).status == 200)
            let local = RawConnection.get("/__local/outbox", host: "127.0.0.1:\(server.port)")
            #expect(try await RawConnection.exchange(port: server.port, request: local, waitLimit: 20).status == 200)
        }
        await server.shutdown()
    }

    @Test("The public URL names the server: iss, publishable key; a wildcard bind defaults to loopback")
    func publicURL() async throws {
        let key = "sk_test_" + String(repeating: "k7", count: 12)
        let publicURL = try #require(URL(string: "https://clerk.example.test/"))
        let server = try await LocalFrontendAPI.start(options: ListeningOptions(publicURL: publicURL, secretKey: key))
        #expect(server.baseURL.absoluteString == "https://clerk.example.test")
        let encoded = server.publishableKey.dropFirst("pk_test_".count)
        let padded = encoded + String(repeating: "=", count: (4 - encoded.count % 4) % 4)
        #expect(Data(base64Encoded: String(padded)).map { String(decoding: $0, as: UTF8.self) } == "clerk.example.test$")
        await server.shutdown()

        let wildcard = try await LocalFrontendAPI.start(host: "0.0.0.0", options: ListeningOptions(secretKey: key))
        #expect(wildcard.baseURL.absoluteString == "http://127.0.0.1:\(wildcard.port)")
        await wildcard.shutdown()
    }

    @Test("The access rule for callers not on loopback")
    func ruleOffLoopback() {
        let access = LocalAccess(publicURL: URL(string: "http://127.0.0.1:8787")!, port: 8787, secretKey: nil)
        let remote = LocalAccess.Caller(
            isWrite: false, authority: "127.0.0.1:8787", origin: nil, contentType: nil, authorization: nil, peerIsLoopback: false)
        #expect(access.refusal(for: remote)?.code == .resourceForbidden)
        var local = remote
        local.peerIsLoopback = true
        #expect(access.refusal(for: local) == nil)
    }
}
