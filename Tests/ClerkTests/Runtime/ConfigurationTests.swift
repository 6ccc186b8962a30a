import Foundation
import Testing

@testable import Clerk

@Suite("Configuration")
struct ConfigurationTests {
    static func key(_ prefix: String, _ payload: String, stripPadding: Bool = true) -> String {
        var encoded = Data(payload.utf8).base64EncodedString()
        if stripPadding { while encoded.hasSuffix("=") { encoded.removeLast() } }
        return prefix + encoded
    }

    @Test(
        "publishable keys decode to the Frontend API host",
        arguments: [
            ("pk_test_", "clerk.example.com$", PublishableKey.Environment.test, "clerk.example.com"),
            ("pk_live_", "clerk.acme.dev$", .live, "clerk.acme.dev"),
            ("pk_test_", "happy-hippo-12.clerk.accounts.dev$", .test, "happy-hippo-12.clerk.accounts.dev"),
            ("pk_test_", "a.io$", .test, "a.io"),
        ])
    func validKeys(prefix: String, payload: String, environment: PublishableKey.Environment, host: String) throws {
        for strip in [true, false] {
            let key = try PublishableKey(Self.key(prefix, payload, stripPadding: strip))
            #expect(key.environment == environment)
            #expect(key.frontendAPIHost == host)
            #expect(key.frontendAPIURL.absoluteString == "https://" + host)
            let configuration = try ClerkConfiguration(publishableKey: Self.key(prefix, payload, stripPadding: strip))
            #expect(configuration.frontendAPIURL.absoluteString == "https://" + host)
        }
    }

    @Test(
        "a key naming a loopback host (what clerk-local prints) means plain http on loopback",
        arguments: [
            ("127.0.0.1:8787$", "http://127.0.0.1:8787"),
            ("localhost:3000$", "http://localhost:3000"),
            ("127.0.0.1$", "http://127.0.0.1"),
            ("127.0.0.1.example.com$", "https://127.0.0.1.example.com"),
            ("clerk.example.com:8443$", "https://clerk.example.com:8443"),
        ])
    func loopbackKeys(payload: String, url: String) throws {
        let configuration = try ClerkConfiguration(publishableKey: Self.key("pk_test_", payload, stripPadding: true))
        #expect(configuration.frontendAPIURL.absoluteString == url)
    }

    @Test(
        "malformed publishable keys are refused with a configuration error",
        arguments: [
            "",
            "sk_test_Y2xlcmsuZXhhbXBsZS5jb20k",
            "pk_test_",
            "pk_prod_Y2xlcmsuZXhhbXBsZS5jb20k",
            "pk_test_!!!notbase64!!!",
            key("pk_test_", "clerk.example.com"),
            key("pk_test_", "$"),
            key("pk_live_", "clerk example.com$"),
            key("pk_live_", "clerk.example.com/evil$"),
        ])
    func badKeys(_ raw: String) {
        #expect {
            try PublishableKey(raw)
        } throws: { error in
            guard case .configuration(.invalidPublishableKey) = error as? ClerkError else { return false }
            return true
        }
    }

    @Test("https URLs are accepted and normalized")
    func httpsURL() throws {
        let configuration = try ClerkConfiguration(frontendAPIURL: "https://clerk.example.com/")
        #expect(configuration.frontendAPIURL.absoluteString == "https://clerk.example.com")
        #expect(configuration.publishableKey == nil)
    }

    @Test(
        "plain http is accepted for loopback hosts only",
        arguments: [
            "http://localhost:8080", "http://127.0.0.1:3000", "http://127.10.20.30", "http://[::1]:9000", "http://LOCALHOST",
        ])
    func loopbackHTTP(_ url: String) throws {
        let configuration = try ClerkConfiguration(frontendAPIURL: url)
        #expect(configuration.frontendAPIURL.scheme == "http")
    }

    @Test(
        "plain http for any other host is refused",
        arguments: [
            "http://clerk.example.com", "http://128.0.0.1", "http://localhost.evil.com", "http://10.0.0.1", "http://[::2]",
            "http://127.0.0.1.nip.io",
        ])
    func insecureHTTP(_ url: String) {
        #expect {
            try ClerkConfiguration(frontendAPIURL: url)
        } throws: { error in
            guard case .configuration(.insecureFrontendAPIURL) = error as? ClerkError else { return false }
            return (error as? ClerkError)?.description.contains("https") == true
        }
    }

    @Test(
        "other schemes, missing hosts and queries are refused",
        arguments: [
            "ftp://clerk.example.com", "clerk.example.com", "https://", "https://clerk.example.com?x=1", "https://u:p@clerk.example.com",
        ])
    func invalidURL(_ url: String) {
        #expect {
            try ClerkConfiguration(frontendAPIURL: url)
        } throws: { error in
            guard case .configuration(let problem) = error as? ClerkError else { return false }
            if case .insecureFrontendAPIURL = problem { return false }
            return true
        }
    }

    @Test("loopback detection")
    func loopback() {
        #expect(HostName.isLoopback("127.0.0.1"))
        #expect(HostName.isLoopback("127.255.255.255"))
        #expect(HostName.isLoopback("::1"))
        #expect(HostName.isLoopback("[::1]"))
        #expect(HostName.isLoopback("localhost."))
        #expect(!HostName.isLoopback("127.0.0"))
        #expect(!HostName.isLoopback("127.0.0.256"))
        #expect(!HostName.isLoopback("1127.0.0.1"))
        #expect(!HostName.isLoopback("example.com"))
    }
}
