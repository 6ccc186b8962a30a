import Foundation
import Testing

@testable import Clerk

@Suite("Native-client conventions on the wire")
struct TransportConventionTests {
    @Test("a first request without a token sends no Authorization, then stores the token the answer carries")
    func tokenLifecycle() async throws {
        let signIn = Fixture.signIn(status: .needsFirstFactor)
        let harness = Harness(
            [
                .respond(Fixture.envelope(signIn, client: Fixture.client(signIn: signIn), headers: ["Authorization": "tok_new"])),
                .respond(Fixture.envelope(signIn, client: Fixture.client(signIn: signIn))),
                .respond(Fixture.envelope(signIn, client: Fixture.client(signIn: signIn), headers: ["authorization": "tok_rotated"])),
                .respond(Fixture.envelope(signIn, client: Fixture.client(signIn: signIn), headers: ["Authorization": ""])),
                .respond(Fixture.envelope(signIn, client: Fixture.client(signIn: signIn))),
            ], token: nil)
        #expect(await !harness.client.hasClientToken)
        _ = try await harness.client.createSignIn(.init(identifier: "jane+clerk_test@example.com"))
        #expect(try harness.tokenStore.loadToken() == "tok_new")
        _ = try await harness.client.send(GetSignInRequest(signInID: "sia_1"))
        _ = try await harness.client.send(GetSignInRequest(signInID: "sia_1"))
        #expect(try harness.tokenStore.loadToken() == "tok_rotated")
        _ = try await harness.client.send(GetSignInRequest(signInID: "sia_1"))
        #expect(try harness.tokenStore.loadToken() == nil)
        _ = try await harness.client.send(GetSignInRequest(signInID: "sia_1"))

        let requests = harness.requests
        expectRequest(requests[0], .post, "/v1/client/sign_ins", form: [("identifier", "jane+clerk_test@example.com")], token: nil)
        expectRequest(requests[1], .get, "/v1/client/sign_ins/sia_1", token: "tok_new")
        expectRequest(requests[2], .get, "/v1/client/sign_ins/sia_1", token: "tok_new")
        expectRequest(requests[3], .get, "/v1/client/sign_ins/sia_1", token: "tok_rotated")
        expectRequest(requests[4], .get, "/v1/client/sign_ins/sia_1", token: nil)
    }

    @Test("the stored token is read once from the token store and sent raw, without Bearer")
    func rawToken() async throws {
        let harness = Harness([.respond(Fixture.envelope(Optional<ClientResource>.none, client: nil))], token: "client_abc.def")
        _ = try await harness.client.refresh()
        let request = try #require(harness.requests.first)
        #expect(request.headers["Authorization"] == "client_abc.def")
        #expect(request.url.absoluteString == "https://clerk.example.com/v1/client?_is_native=true")
    }

    @Test("bodies are form encoded with percent escapes and snake_case keys")
    func formBody() async throws {
        let signIn = Fixture.signIn(status: .complete, session: "sess_1")
        let harness = Harness([.respond(Fixture.envelope(signIn, client: Fixture.completedClient(signIn)))])
        _ = try await harness.client.createSignIn(.init(identifier: "jane+x@example.com", password: "p&ss=w rd", signUpIfMissing: false))
        let request = try #require(harness.requests.first)
        #expect(
            String(decoding: request.body ?? Data(), as: UTF8.self)
                == "identifier=jane%2Bx%40example.com&password=p%26ss%3Dw%20rd&sign_up_if_missing=false")
    }

    @Test(
        "every endpoint of the documented flows is sent with its method and path",
        arguments: [
            "environment", "client", "deleteClient", "signIn", "prepare1", "attempt1", "prepare2", "attempt2", "reset",
            "signUp", "getSignUp", "patchSignUp", "prepareV", "attemptV", "touch", "tokens", "remove", "end",
        ])
    func endpoints(_ name: String) async throws {
        let signIn = Fixture.signIn(status: .needsFirstFactor)
        let signUp = Fixture.signUp(status: .missingRequirements)
        let session = Fixture.session()
        let client = Fixture.client(signIn: signIn, signUp: signUp, sessions: [session], lastActive: "sess_1")
        let harness = Harness()
        let c = harness.client
        func respond<R: Codable & Sendable & Hashable>(_ value: R) {
            harness.transport.enqueue(.respond(Fixture.envelope(value, client: client)))
        }
        switch name {
        case "environment":
            harness.transport.enqueue(.respond(TransportResponse(status: 200, json: "{}")))
            _ = try? await c.environment()
            expectRequest(harness.requests.first, .get, "/v1/environment")
        case "client":
            respond(Optional(client))
            _ = try await c.refresh()
            expectRequest(harness.requests.first, .get, "/v1/client")
        case "deleteClient":
            respond(Optional(client))
            try await c.signOutEverywhere()
            expectRequest(harness.requests.first, .delete, "/v1/client")
        case "signIn":
            respond(signIn)
            _ = try await c.createSignIn(.init(strategy: .emailCode, identifier: "a@b.co"))
            expectRequest(harness.requests.first, .post, "/v1/client/sign_ins", form: [("strategy", "email_code"), ("identifier", "a@b.co")])
        case "prepare1":
            respond(signIn)
            _ = try await SignInHandle(client: c, signIn: signIn).prepareFirstFactor(.init(strategy: .phoneCode, phoneNumberID: "idn_p", channel: "sms"))
            expectRequest(
                harness.requests.first, .post, "/v1/client/sign_ins/sia_1/prepare_first_factor",
                form: [("strategy", "phone_code"), ("phone_number_id", "idn_p"), ("channel", "sms")])
        case "attempt1":
            respond(signIn)
            _ = try await SignInHandle(client: c, signIn: signIn).attemptFirstFactor(.init(strategy: .emailCode, code: "424242"))
            expectRequest(
                harness.requests.first, .post, "/v1/client/sign_ins/sia_1/attempt_first_factor", form: [("strategy", "email_code"), ("code", "424242")])
        case "prepare2":
            respond(signIn)
            _ = try await SignInHandle(client: c, signIn: signIn).prepareSecondFactor(.init(strategy: .emailCode, emailAddressID: "idn_e"))
            expectRequest(
                harness.requests.first, .post, "/v1/client/sign_ins/sia_1/prepare_second_factor",
                form: [("strategy", "email_code"), ("email_address_id", "idn_e")])
        case "attempt2":
            respond(signIn)
            _ = try await SignInHandle(client: c, signIn: signIn).attemptSecondFactor(.init(strategy: .totp, code: "123456"))
            expectRequest(harness.requests.first, .post, "/v1/client/sign_ins/sia_1/attempt_second_factor", form: [("strategy", "totp"), ("code", "123456")])
        case "reset":
            respond(signIn)
            _ = try await SignInHandle(client: c, signIn: signIn).resetPassword(.init(password: "n3w-Secret", signOutOfOtherSessions: true))
            expectRequest(
                harness.requests.first, .post, "/v1/client/sign_ins/sia_1/reset_password",
                form: [("password", "n3w-Secret"), ("sign_out_of_other_sessions", "true")])
        case "signUp":
            respond(signUp)
            _ = try await c.createSignUp(.init(transfer: true, legalAccepted: true))
            expectRequest(harness.requests.first, .post, "/v1/client/sign_ups", form: [("transfer", "true"), ("legal_accepted", "true")])
        case "getSignUp":
            respond(signUp)
            _ = try await SignUpHandle(client: c, signUp: signUp).reload()
            expectRequest(harness.requests.first, .get, "/v1/client/sign_ups/sua_1")
        case "patchSignUp":
            respond(signUp)
            _ = try await SignUpHandle(client: c, signUp: signUp).update(SignUpDetails(firstName: "Jane", legalAccepted: true))
            expectRequest(harness.requests.first, .patch, "/v1/client/sign_ups/sua_1", form: [("first_name", "Jane"), ("legal_accepted", "true")])
        case "prepareV":
            respond(signUp)
            _ = try await SignUpHandle(client: c, signUp: signUp).prepareVerification(.init(strategy: .emailCode))
            expectRequest(harness.requests.first, .post, "/v1/client/sign_ups/sua_1/prepare_verification", form: [("strategy", "email_code")])
        case "attemptV":
            respond(signUp)
            _ = try await SignUpHandle(client: c, signUp: signUp).attemptVerification(.init(strategy: .emailCode, code: "424242"))
            expectRequest(
                harness.requests.first, .post, "/v1/client/sign_ups/sua_1/attempt_verification", form: [("strategy", "email_code"), ("code", "424242")])
        case "touch":
            respond(session)
            _ = try await c.activate(sessionID: "sess_2")
            expectRequest(harness.requests.first, .post, "/v1/client/sessions/sess_2/touch", form: [])
        case "tokens":
            harness.transport.enqueue(.respond(TransportResponse(status: 200, json: #"{"object":"token","jwt":"eyJ.jwt.sig"}"#)))
            let token = try await c.sessionToken(sessionID: "sess_1", organizationID: "org_1")
            #expect(token.jwt == "eyJ.jwt.sig")
            expectRequest(harness.requests.first, .post, "/v1/client/sessions/sess_1/tokens", form: [("organization_id", "org_1")])
        case "remove":
            respond(session)
            _ = try await c.signOut(sessionID: "sess_1")
            expectRequest(harness.requests.first, .post, "/v1/client/sessions/sess_1/remove", form: [])
        case "end":
            respond(session)
            _ = try await c.endSession("sess_1")
            expectRequest(harness.requests.first, .post, "/v1/client/sessions/sess_1/end", form: [])
        default:
            Issue.record("unknown case \(name)")
        }
        #expect(harness.requests.count == 1)
    }

    @Test("path parameters are escaped so an id cannot add segments")
    func pathEscaping() async throws {
        let harness = Harness([.respond(Fixture.envelope(Fixture.signIn(status: .needsFirstFactor), client: nil))])
        _ = try await harness.client.send(GetSignInRequest(signInID: "../sessions/x?y"))
        #expect(harness.requests.first?.path == "/v1/client/sign_ins/..%2Fsessions%2Fx%3Fy")
    }

    @Test("sign-out without any session is refused before any request")
    func signOutWithoutSession() async {
        let harness = Harness()
        let error = await clerkError { try await harness.client.signOut() }
        #expect(error == .flow(.noSession))
        #expect(harness.requests.isEmpty)
    }
}
