import Clerk
import ClerkLocalServer
import DocumentationExamples
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Getting started")
struct GettingStartedTests {
    @Test("a client made from a publishable key talks to the instance the key names")
    func clientFromPublishableKey() async throws {
        try await withLocalServer(.emailPassword) { server in
            let clerk = try makeClerkClient(publishableKey: server.publishableKey)
            #expect(clerk.configuration.frontendAPIURL == server.baseURL)
            let environment = try await clerk.environment()
            #expect(environment.displayConfig?.applicationName == server.settings.applicationName)
            #expect(throws: ClerkError.self) { try makeClerkClient(publishableKey: "pk_test_not-a-key") }
        }
    }

    @Test("a client made from a Frontend API URL accepts plain http on loopback only")
    func clientFromFrontendAPIURL() async throws {
        try await withLocalServer(.emailPassword) { server in
            let clerk = try makeClerkClient(frontendAPIURL: server.baseURL.absoluteString)
            let environment = try await clerk.environment()
            #expect(environment.displayConfig?.applicationName == server.settings.applicationName)
            #expect(throws: ClerkError.configuration(.insecureFrontendAPIURL(host: "clerk.example.com"))) {
                try makeClerkClient(frontendAPIURL: "http://clerk.example.com")
            }
        }
    }

    @Test("signs in with email and password, confirming the new device with the test code")
    func signsIn() async throws {
        try await withLocalServer(.emailPassword) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: "jane+clerk_test@example.com", password: seededPassword))
            let passwords = Tally()
            let codes = Tally()
            let session = try await signIn(
                clerk: try server.newDevice(), emailAddress: "jane+clerk_test@example.com",
                readPassword: {
                    await passwords.add()
                    return seededPassword
                },
                readCode: {
                    await codes.add()
                    return testCode
                })
            #expect(session.status == .active)
            #expect(session.userID == user.id)
            #expect(await passwords.count == 1)
            #expect(await codes.count == 1)  // a new device: Client Trust asked for a code
            #expect(server.outbox(to: "jane+clerk_test@example.com").isEmpty)
        }
    }

    @Test("a request carries the session token of the signed-in session")
    func authorizesRequests() async throws {
        try await withLocalServer(.emailPassword) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: "jane+clerk_test@example.com", password: seededPassword))
            let clerk = try server.newDevice()
            let session = try await signIn(
                clerk: clerk, emailAddress: "jane+clerk_test@example.com",
                readPassword: { seededPassword }, readCode: { testCode })
            let request = try await authorized(URLRequest(url: URL(string: "https://api.example.com/orders")!), clerk: clerk)
            let header = try #require(request.value(forHTTPHeaderField: "Authorization"))
            #expect(header.hasPrefix("Bearer "))
            let claims = try JWTClaims(String(header.dropFirst("Bearer ".count)))
            #expect(claims["sid"] as? String == session.id)
            #expect(claims["sub"] as? String == session.userID)
        }
    }
}

extension GettingStartedTests {
    @Test("a refused code is asked again, and the code screen says why")
    func codeScreenShowsTheRefusal() async throws {
        try await withLocalServer(.emailCode) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: "hedy+clerk_test@example.com"))
            let typed = TypedAnswers(["111111", testCode])
            let screens = Screens()
            let session = try await signInWithEmailCode(
                clerk: try server.newDevice(), emailAddress: "hedy+clerk_test@example.com",
                showCodeScreen: { text in
                    await screens.show(text)
                    return await typed.next()
                })
            #expect(session.userID == user.id)
            let texts = await screens.texts
            try #require(texts.count == 2)
            #expect(texts[0].hasPrefix("Enter the code sent to "))
            #expect(texts[1] != texts[0] && texts[1].hasSuffix(texts[0]), "the second screen adds the refusal: \(texts[1])")
            #expect(codeScreenText(for: CodePrompt(stage: .firstFactor, strategy: .emailCode)) == "Enter the code.")
        }
    }
}

/// The texts a code screen showed, in order.
actor Screens {
    private(set) var texts: [String] = []

    func show(_ text: String) {
        texts.append(text)
    }
}

/// The payload of a JWT (not verified: the server's own tests verify signatures).
struct JWTClaims {
    let claims: [String: Any]

    init(_ jwt: String) throws {
        let parts = jwt.split(separator: ".")
        try #require(parts.count == 3)
        var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        let data = try #require(Data(base64Encoded: payload))
        claims = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    subscript(name: String) -> Any? { claims[name] }
}
