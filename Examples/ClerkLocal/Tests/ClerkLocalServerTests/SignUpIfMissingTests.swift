import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Sign-in-or-up (guide: sign-in-or-up, standard and signUpIfMissing)")
struct SignUpIfMissingTests {
    @Test("Until the code is verified, answers are the same whether or not the account exists")
    func enumerationSameness() async throws {
        try await withServer(SettingsPreset.signInOrUp.settings) { server in
            let existing = Fixture.email("known")
            let missing = Fixture.email("unknown")
            _ = try await server.seedUser(SeedUser(emailAddress: existing, firstName: "Jane", lastName: "Doe"))
            var shapes: [String] = []
            for email in [existing, missing] {
                let device = server.client()
                let created = try await device.signIn([("identifier", email), ("sign_up_if_missing", "true")])
                #expect(created.status == 200)
                let signIn = try created.signIn
                let factor = try #require(signIn.supportedFirstFactors?.first)
                let prepared = try await device.signInAction(
                    signIn.id, "prepare_first_factor",
                    [
                        ("strategy", "email_code"), ("email_address_id", try #require(factor.emailAddressID)),
                    ])
                #expect(prepared.status == 200)
                #expect(server.outbox(to: email).count == 1, "a code is sent whether or not the account exists")
                shapes.append(Self.shape(created.data, email: email) + "\n" + Self.shape(prepared.data, email: email))
            }
            #expect(shapes[0] == shapes[1])
        }
    }

    @Test("An unknown identifier, once verified, transfers to a sign-up finished by an update")
    func transfer() async throws {
        try await withServer(SettingsPreset.signInOrUp.settings) { server in
            let email = Fixture.email("new")
            let device = server.client()
            let signIn = try await device.signIn([("identifier", email), ("sign_up_if_missing", "1")]).signIn
            try await device.signInAction(signIn.id, "prepare_first_factor", [("strategy", "email_code")])
            let code = try #require(server.latestCode(to: email))
            let attempt = try await device.signInAction(signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", code)])
            expectError(attempt, status: 404, code: "sign_up_if_missing_transfer")
            let transferable = try #require(try attempt.errorClient?.signIn)
            #expect(transferable.firstFactorVerification?.status == .transferable)

            let transferred = try await device.signUp([("transfer", "1")]).signUp
            #expect(transferred.status == .missingRequirements)
            #expect(transferred.missingFields == [.legalAccepted])
            #expect(transferred.emailAddress == email)
            #expect(transferred.verifications.emailAddress?.status == .verified)
            let updated = try await device.send(
                "PATCH", "/v1/client/sign_ups/\(transferred.id)", form: [("legal_accepted", "true")], operation: "updateSignUps")
            let complete = try updated.signUp
            #expect(complete.status == .complete)
            #expect(complete.legalAcceptedAt != nil)
            #expect(try updated.client?.lastActiveSessionID == complete.createdSessionID)
        }
    }

    @Test("A known identifier, once verified, simply signs in")
    func existingSignsIn() async throws {
        try await withServer(SettingsPreset.signInOrUp.settings) { server in
            let email = Fixture.testEmail("known")
            _ = try await server.seedUser(SeedUser(emailAddress: email))
            let device = server.client()
            let signIn = try await device.signIn([("identifier", email), ("sign_up_if_missing", "true"), ("strategy", "email_code")]).signIn
            #expect(signIn.userData == nil, "user data stays hidden until the code is verified")
            let done = try await device.signInAction(signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", "424242")])
            #expect(try done.signIn.status == .complete)
            #expect(try done.signIn.userData != nil)
        }
    }

    @Test("The standard flow: form_identifier_not_found, then a sign-up")
    func standardFlow() async throws {
        try await withServer(SettingsPreset.signInOrUp.settings) { server in
            let email = Fixture.email()
            let device = server.client()
            let missing = try await device.signIn([("identifier", email), ("password", Fixture.password)])
            expectError(missing, status: 422, code: "form_identifier_not_found", param: "identifier")
            let signUp = try await signUpWithPassword(server, device, email: email, extra: [("legal_accepted", "true")])
            #expect(signUp.status == .complete)
        }
    }

    @Test("signUpIfMissing refuses passwords and usernames")
    func restrictions() async throws {
        try await withServer(SettingsPreset.signInOrUp.settings) { server in
            let device = server.client()
            let withPassword = try await device.signIn([("identifier", Fixture.email()), ("password", Fixture.password), ("sign_up_if_missing", "true")])
            expectError(withPassword, status: 422, code: "sign_up_if_missing_strategy_not_supported")
            let mismatch = try await device.signIn([("identifier", Fixture.email()), ("strategy", "phone_code"), ("sign_up_if_missing", "true")])
            #expect(mismatch.status == 400 || mismatch.status == 422)
        }
    }

    /// The answer with everything that legitimately differs between two sign-ins blanked out:
    /// ids, timestamps and the identifier itself.
    static func shape(_ data: Data, email: String) -> String {
        let object = (try? JSONSerialization.jsonObject(with: data)) ?? String(decoding: data, as: UTF8.self)
        var text = canonical(object).replacingOccurrences(of: email, with: "<identifier>")
        for pattern in [#""[a-z]+_[0-9A-Za-z]{27}""#, #"(?<=:)[0-9]{13}"#] {
            text = text.replacingOccurrences(of: pattern, with: "<x>", options: .regularExpression)
        }
        return text
    }

    /// JSON text with object keys sorted at every level, so equal values compare equal.
    static func canonical(_ value: Any) -> String {
        switch value {
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\"\($0)\":" + canonical(object[$0]!) }.joined(separator: ",") + "}"
        case let array as [Any]:
            return "[" + array.map(canonical).joined(separator: ",") + "]"
        case is NSNull:
            return "null"
        case let string as String:
            return "\"" + string + "\""
        default:
            return "\(value)"
        }
    }
}
