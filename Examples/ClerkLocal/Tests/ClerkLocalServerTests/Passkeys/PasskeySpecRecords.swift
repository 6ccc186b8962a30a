import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension SpecValidationTests {
    /// Answers of passkey registrations and sign-ins, for the spec validation: the pending and the verified
    /// passkey, a read, a rename, the user with its passkeys, a delete, the discoverable and the identifier-first
    /// sign-ins (pending and complete), and refusals.
    static func passkeyAnswers() async throws -> [FAPIClient.Record] {
        try await withServer(SettingsPreset.passkeys.settings) { server in
            var authenticator = OptionsAuthenticator()
            let device = server.client()
            let account = try await server.passkeyAccount(device, &authenticator)
            let session = account.sessionID
            try await device.me("GET", "/passkeys/\(account.passkeyID)", session: session, operation: "readPasskey")
            try await device.me("PATCH", "/passkeys/\(account.passkeyID)", session: session, form: [("name", "Phone")], operation: "patchPasskey")
            try await device.me("GET", session: session, operation: "getUser")
            try await device.me(
                "POST", "/passkeys/pk_unknown/attempt_verification", session: session, form: [("strategy", "passkey"), ("public_key_credential", "{}")],
                operation: "attemptPasskeyVerification")

            let phone = server.client()
            let started = try await phone.signIn([("strategy", "passkey")])
            let id = try started.signIn.id
            try await phone.signInAction(id, "attempt_first_factor", [("strategy", "passkey"), ("public_key_credential", "not json")])
            try await phone.signInAction(
                id, "attempt_first_factor", [("strategy", "passkey"), ("public_key_credential", try authenticator.get(try started.passkeyNonce))])

            let laptop = server.client()
            let identified = try await laptop.signIn([("identifier", try #require(account.user.emailAddress))]).signIn
            let prepared = try await laptop.signInAction(identified.id, "prepare_first_factor", [("strategy", "passkey")])
            try await laptop.signInAction(
                identified.id, "attempt_first_factor", [("strategy", "passkey"), ("public_key_credential", try authenticator.get(try prepared.passkeyNonce))])

            try await device.me("DELETE", "/passkeys/\(account.passkeyID)", session: session, operation: "deletePasskey")
            return [device, phone, laptop].flatMap(\.recorded)
        }
    }
}
