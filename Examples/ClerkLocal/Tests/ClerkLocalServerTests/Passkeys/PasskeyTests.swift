import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

@Suite("Passkeys: registration, sign-in, rename and removal over the wire")
struct PasskeyTests {
    @Test("A passkey registered after a password sign-in signs in on another client, with and without an identifier")
    func registerAndSignIn() async throws {
        try await withServer(SettingsPreset.passkeys.settings) { server in
            var authenticator = OptionsAuthenticator()
            let device = server.client()
            let account = try await server.passkeyAccount(device, &authenticator)

            let user = try await device.me("GET", session: account.sessionID).response(User.self)
            #expect(user.passkeys.map(\.id) == [account.passkeyID])
            #expect(user.passkeys.first?.name == "Passkey")
            #expect(user.passkeys.first?.lastUsedAt == nil)

            // Discoverable: no identifier; the options allow any credential.
            let phone = server.client()
            let started = try await phone.signIn([("strategy", "passkey")])
            #expect(try started.signIn.status == .needsFirstFactor)
            let options = try JSONDecoder().decode(PasskeyRequestOptions.self, from: Data(try started.passkeyNonce.utf8))
            #expect(options.allowCredentials.isEmpty)
            #expect(options.rpId == "localhost")
            let assertion = try authenticator.get(try started.passkeyNonce)
            let done = try await phone.signInAction(
                try started.signIn.id, "attempt_first_factor", [("strategy", "passkey"), ("public_key_credential", assertion)]
            ).signIn
            #expect(done.status == .complete)
            #expect(done.identifier == account.user.emailAddress)
            #expect(done.firstFactorVerification?.status == .verified)
            #expect(done.firstFactorVerification?.nonce == nil)

            // Identifier first: the passkey is among the factors, and the options name it.
            let laptop = server.client()
            let identified = try await laptop.signIn([("identifier", try #require(account.user.emailAddress))]).signIn
            #expect(identified.supportedFirstFactors?.contains { $0.strategy == .passkey } == true)
            let prepared = try await laptop.signInAction(identified.id, "prepare_first_factor", [("strategy", "passkey")])
            let named = try JSONDecoder().decode(PasskeyRequestOptions.self, from: Data(try prepared.passkeyNonce.utf8))
            #expect(named.allowCredentials.map(\.id) == [Base64URL.encode(authenticator.credentialID)])
            let second = try await laptop.signInAction(
                identified.id, "attempt_first_factor", [("strategy", "passkey"), ("public_key_credential", try authenticator.get(try prepared.passkeyNonce))]
            ).signIn
            #expect(second.status == .complete)

            let stored = try #require(await server.core.store.perform { $0.state.directory.users[account.user.id] })
            #expect(stored.registeredPasskeys.first?.credential?.signCount == 2)
            let listed = try await device.me("GET", session: account.sessionID).response(User.self)
            #expect(listed.passkeys.first?.lastUsedAt != nil)
        }
    }

    @Test("A passkey sign-in satisfies the second factor, unless the settings say otherwise")
    func secondFactor() async throws {
        for satisfies in [true, false] {
            var settings = SettingsPreset.passkeys.settings
            settings.mfa = MFASettings(authenticatorApp: true)
            settings.passkeys?.satisfiesSecondFactor = satisfies
            try await withServer(settings) { server in
                var authenticator = OptionsAuthenticator()
                let account = try await server.passkeyAccount(server.client(), &authenticator)
                await server.core.store.giveAuthenticatorApp(userID: account.user.id)
                let answer = try await server.signInWithPasskey(&authenticator).signIn
                #expect(answer.status == (satisfies ? .complete : .needsSecondFactor))
            }
        }
    }

    @Test("Rename and delete; the user lists only registered passkeys; the quota counts them")
    func renameDeleteQuota() async throws {
        var settings = SettingsPreset.passkeys.settings
        settings.passkeys?.maxPerUser = 1
        try await withServer(settings) { server in
            var authenticator = OptionsAuthenticator()
            let device = server.client()
            let account = try await server.passkeyAccount(device, &authenticator)
            let session = account.sessionID

            let before = try await server.passkeyState()
            let quota = try await device.me("POST", "/passkeys", session: session, operation: "postPasskey")
            expectError(quota, status: 403, code: "passkey_quota_exceeded")
            #expect(quota.error?.longMessage == "You have reached your limit of 1 passkeys per account.")
            #expect(try await server.passkeyState() == before)

            let renamed = try await device.me(
                "PATCH", "/passkeys/\(account.passkeyID)", session: session, form: [("name", "  Work laptop ")], operation: "patchPasskey"
            ).response(Passkey.self)
            #expect(renamed.name == "Work laptop")
            let read = try await device.me("GET", "/passkeys/\(account.passkeyID)", session: session, operation: "readPasskey")
            #expect(try read.response(Passkey.self).name == "Work laptop")
            let blank = try await device.me("PATCH", "/passkeys/\(account.passkeyID)", session: session, form: [("name", " ")])
            expectError(blank, status: 422, code: "form_param_missing", param: "name")
            let long = try await device.me("PATCH", "/passkeys/\(account.passkeyID)", session: session, form: [("name", String(repeating: "x", count: 101))])
            expectError(long, status: 422, code: "form_param_format_invalid", param: "name")
            let unknown = try await device.me("PATCH", "/passkeys/pk_unknown", session: session, form: [("name", "x")])
            expectError(unknown, status: 404, code: "resource_not_found")

            let deleted = try await device.me("DELETE", "/passkeys/\(account.passkeyID)", session: session, operation: "deletePasskey")
            #expect(try deleted.response(DeletedObject.self) == DeletedObject(id: account.passkeyID, object: "passkey", deleted: true))
            #expect(try await device.me("GET", session: session).response(User.self).passkeys.isEmpty)

            // The deleted passkey no longer signs in.
            let refused = try await server.signInWithPasskey(&authenticator)
            expectError(refused, status: 404, code: "passkey_not_registered")

            // A pending registration is not listed, and a new one replaces it.
            let pending = try await device.me("POST", "/passkeys", session: session).response(Passkey.self)
            #expect(pending.verification?.status == .unverified)
            let replacing = try await device.me("POST", "/passkeys", session: session).response(Passkey.self)
            #expect(try await device.me("GET", session: session).response(User.self).passkeys.isEmpty)
            let gone = try await device.me("GET", "/passkeys/\(pending.id)", session: session)
            expectError(gone, status: 404, code: "resource_not_found")
            #expect(try await device.me("GET", "/passkeys/\(replacing.id)", session: session).status == 200)
        }
    }

    @Test("Creating and removing a passkey need a recent verification when re-verification is on")
    func reverification() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        var settings = SettingsPreset.passkeys.settings
        settings.reverification = ReverificationSettings(maxAgeSeconds: 600)
        try await withServer(settings, now: { clock.now() }) { server in
            var authenticator = OptionsAuthenticator()
            let device = server.client()
            let account = try await server.passkeyAccount(device, &authenticator)
            clock.advance(by: .seconds(601))
            let before = try await server.passkeyState()
            expectError(try await device.me("POST", "/passkeys", session: account.sessionID), status: 403, code: "session_reverification_required")
            expectError(
                try await device.me("DELETE", "/passkeys/\(account.passkeyID)", session: account.sessionID), status: 403,
                code: "session_reverification_required")
            #expect(try await server.passkeyState() == before)
        }
    }

    @Test("Without passkeys settings, the routes and the strategy are refused; the environment shows passkeys only when on")
    func disabled() async throws {
        var off = SettingsPreset.passkeys.settings
        off.passkeys = nil
        try await withServer(off) { server in
            let device = server.client()
            let user = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password))
            let email = try #require(user.emailAddress)
            let signedIn = try await device.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            let session = try #require(signedIn.createdSessionID)
            expectError(try await device.me("POST", "/passkeys", session: session), status: 403, code: "feature_not_enabled")
            expectError(try await server.client().signIn([("strategy", "passkey")]), status: 400, code: "strategy_for_user_invalid")
            let environment = try await device.send("GET", "/v1/environment").decode(EnvironmentResource.self)
            #expect(environment.userSettings?.attributes?.passkey?.enabled == false)
            #expect(environment.authConfig?.firstFactors?.contains(.passkey) == false)
        }
        try await withServer(SettingsPreset.passkeys.settings) { server in
            let environment = try await server.client().send("GET", "/v1/environment").decode(EnvironmentResource.self)
            #expect(environment.userSettings?.attributes?.passkey?.enabled == true)
            #expect(environment.userSettings?.attributes?.passkey?.firstFactors == [.passkey])
            #expect(environment.authConfig?.firstFactors?.contains(.passkey) == true)
        }
    }

    @Test("Passkeys outlive a restart on SQLite")
    func persistence() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        var authenticator = OptionsAuthenticator()
        let first = try await SQLiteStorage(directory: directory)
        let registered = try await withServer(SettingsPreset.passkeys.settings, storage: first) { [authenticator] server in
            var authenticator = authenticator
            _ = try await server.passkeyAccount(server.client(), &authenticator)
            return authenticator
        }
        await first.close()
        authenticator = registered
        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: second) { [authenticator] server in
            var authenticator = authenticator
            let answer = try await server.signInWithPasskey(&authenticator)
            #expect(try answer.signIn.status == .complete)
        }
        await second.close()
    }
}
