import Clerk
import ClerkLocalTesting
import Foundation
import NIOConcurrencyHelpers
import Testing

/// The `clerk-local` command as a developer runs it: its help, its banner (whose Swift and curl
/// lines must work as printed) and its one line per request.
@Suite("The clerk-local command")
struct ClerkLocalCommandTests {
    @Test("--help names the default preset, serve (the default) and export, and a Swift line that works as printed; serve --help its options")
    func help() throws {
        let process = try ClerkLocalProcess(["--help"])
        process.waitUntilExit()
        let help = process.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("the default is email-password"))
        #expect(help.contains("serve (default) Runs the server"), "\(process.stdout)")
        #expect(help.contains("export Writes the users of a running clerk-local"))
        #expect(help.contains("'clerk-local serve --help' lists them all"))
        let serve = try ClerkLocalProcess(["serve", "--help"])
        serve.waitUntilExit()
        let options = serve.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(options.contains(#"Default: the settings file's "preset", else email-password"#))
        #expect(options.contains("without --preset and --settings, the settings the data directory kept from its last run"))
        #expect(options.contains("--quiet Do not log each request."))
        #expect(options.contains("--import <file> Users to add before listening"))
        let swiftLine = #"let clerk = try ClerkClient(publishableKey: "pk_test_MTI3LjAuMC4xOjg3ODck")"#
        #expect(process.stdout.contains("\n  \(swiftLine)\n"), "on one line, to copy as is")
        #expect(try ClerkConfiguration(publishableKey: "pk_test_MTI3LjAuMC4xOjg3ODck").frontendAPIURL.absoluteString == "http://127.0.0.1:8787")
        #expect(process.stdout.contains("\n  curl -s http://127.0.0.1:8787/v1/environment\n"))
    }

    @Test("the banner names the preset, and its Swift and curl lines work as printed")
    func banner() async throws {
        let server = try ClerkLocalProcess(["--port", "0"])
        defer { server.stop() }
        let banner = try await OwnThread.run { try server.banner() }
        let url = try #require(server.baseURL)
        #expect(banner.contains("  preset            email-password (Build a custom email/password authentication flow)\n"))
        #expect(banner.contains("  publishable key   pk_test_"))

        let key = try #require(banner.firstMatch(of: /publishable key   (pk_test_[A-Za-z0-9]+)\n/)?.1)
        #expect(banner.contains("\n  let clerk = try ClerkClient(publishableKey: \"\(key)\")\n"))
        // The same line, compiled here: the client it makes reaches the server.
        let clerk = try ClerkClient(publishableKey: String(key))
        let environment = try await clerk.environment()
        #expect(environment.authConfig?.id?.hasPrefix("aac_") == true)

        let curls = banner.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("curl ") }
        #expect(curls.count == 2)
        #expect(curls.allSatisfy { $0.hasPrefix("curl -s \(url)/") })
        let environmentCurl = try #require(curls.first { $0.hasSuffix("/v1/environment") })
        let environmentJSON = try await OwnThread.run { try Shell.run(environmentCurl) }
        #expect(environmentJSON.contains(#""auth_config""#))
        let seedCurl = try #require(curls.first { $0.contains("/__local/admin/users") })
        let seeded = try await OwnThread.run { try Shell.run(seedCurl) }
        #expect(seeded.contains(#""id":"user_"#))
    }

    @Test("with --settings the banner names the preset the file starts from, not the file", arguments: [false, true])
    func settingsFile(overriddenByFlag: Bool) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-\(UUID().uuidString).json")
        try Data(#"{"preset": "client-trust", "enumeration_protection": false}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try ClerkLocalProcess(["--port", "0", "--settings", file.path] + (overriddenByFlag ? ["--preset", "mfa"] : []))
        defer { server.stop() }
        let banner = try server.banner()
        let preset = overriddenByFlag ? "mfa" : "client-trust"
        let line = try #require(banner.split(separator: "\n").first { $0.hasPrefix("  preset ") })
        #expect(line.hasPrefix("  preset            \(preset) ("))
        #expect(line.hasSuffix(", with the settings of \(file.path)"))
    }

    @Test("one log line per request: method, path, status, time, client abbreviated; never a secret or a query")
    func requestLog() async throws {
        let server = try ClerkLocalProcess(["--port", "0"])
        defer { server.stop() }
        _ = try server.banner()
        let url = try #require(server.baseURL)
        let password = "a-long-Secret-42"
        _ = try await HTTP.send(
            "POST", "\(url)/__local/admin/users", contentType: "application/json",
            body: #"{"email_address": "jane+clerk_test@example.com", "password": "\#(password)"}"#)
        let signIn = try await HTTP.send(
            "POST", "\(url)/v1/client/sign_ins", contentType: "application/x-www-form-urlencoded",
            body: "identifier=jane%2Bclerk_test%40example.com&password=\(password)")
        let token = try #require(signIn.headers["authorization"])
        let clientID = try #require((signIn.json["client"] as? [String: Any])?["id"] as? String)
        _ = try await HTTP.send("GET", "\(url)/v1/client", headers: ["Authorization": token])
        _ = try await HTTP.send("GET", "\(url)/__local/outbox?to=jane%2Bclerk_test%40example.com")
        let lines = try server.logLines(count: 4)
        #expect(lines.count == 4, "\(lines)")
        let abbreviated = String(clientID.prefix("client_".count + 4)) + "…"
        #expect(lines.allSatisfy { $0.milliseconds.wholeMatch(of: /[0-9]+\.[0-9]/) != nil }, "\(lines)")
        #expect(lines[0].hasSuffix("[ClerkLocalServer] POST /__local/admin/users 201 \(lines[0].milliseconds) ms"), "\(lines[0])")
        #expect(lines[1].hasSuffix("[ClerkLocalServer] POST /v1/client/sign_ins 200 \(lines[1].milliseconds) ms \(abbreviated)"), "\(lines[1])")
        #expect(lines[2].hasSuffix("[ClerkLocalServer] GET /v1/client 200 \(lines[2].milliseconds) ms \(abbreviated)"), "\(lines[2])")
        #expect(lines[3].hasSuffix("[ClerkLocalServer] GET /__local/outbox 200 \(lines[3].milliseconds) ms"), "\(lines[3])")
        let everything = server.stderr
        for secret in [password, token, clientID, "clerk_test%40", "?to="] {
            #expect(!everything.contains(secret), "\(secret) in the log")
        }
    }

    @Test("--quiet logs no requests")
    func quiet() async throws {
        let server = try ClerkLocalProcess(["--port", "0", "--quiet"])
        defer { server.stop() }
        let banner = try server.banner()
        #expect(!banner.contains("Requests are logged"))
        let url = try #require(server.baseURL)
        let answer = try await HTTP.send("GET", "\(url)/v1/environment")
        #expect(answer.status == 200)
        server.stop()
        #expect(!server.stderr.contains("[ClerkLocalServer]"), "\(server.stderr)")
        #expect(server.stderr.contains("Server started"), "the log itself is still there")
    }
}

extension String {
    /// The `12.3` of a request log line's `12.3 ms`.
    fileprivate var milliseconds: String {
        guard let ms = range(of: " ms", options: .backwards) else { return "?" }
        return String(self[..<ms.lowerBound].split(separator: " ").last ?? "?")
    }
}
