import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension SpecValidationTests {
    /// Answers of trusted devices, for the spec validation: the enrolment challenge and the device, the list,
    /// validation, the sign-in with its challenge (pending and complete), a refusal, and the removal.
    static func trustedDeviceAnswers() async throws -> [FAPIClient.Record] {
        try await withServer(.withTrustedDevices) { server in
            let device = server.client()
            let key = DeviceKey()
            let session = try await device.signIn([
                ("identifier", try #require(try await server.seedUser(SeedUser(emailAddress: Fixture.email("tds"), password: Fixture.password)).emailAddress)),
                ("password", Fixture.password),
            ]).signIn.createdSessionID
            let challenge = try await device.me(
                "POST", "/trusted_devices/prepare", session: session, form: server.enrolmentForm(key), operation: "prepareTrustedDevice"
            ).response(TrustedDeviceChallenge.self)
            let enrolled = try await device.me(
                "POST", "/trusted_devices/attempt", session: session,
                form: server.enrolmentForm(key, extra: [("client_data", challenge.clientData), ("signature", try key.sign(challenge.clientData))]),
                operation: "attemptTrustedDevice"
            ).response(TrustedDevice.self)
            try await device.me("GET", "/trusted_devices", session: session, operation: "listTrustedDevices")

            let phone = server.client()
            let started = try await phone.startTrustedDeviceSignIn(enrolled.id)
            try await phone.send("POST", "/v1/client/trusted_devices/validate", form: [("trusted_device_id", enrolled.id)], operation: "validateTrustedDevice")
            let signIn = try started.trustedDeviceChallenge
            try await phone.signInAction(
                try started.signIn.id, "attempt_first_factor",
                [("strategy", "trusted_device"), ("trusted_device_id", enrolled.id), ("client_data", signIn.clientData), ("signature", "AAAA")])
            try await phone.signInAction(
                try started.signIn.id, "attempt_first_factor",
                [
                    ("strategy", "trusted_device"), ("trusted_device_id", enrolled.id), ("client_data", signIn.clientData),
                    ("signature", try key.sign(signIn.clientData)), ("algorithm", "ES256"),
                ])
            try await device.me("DELETE", "/trusted_devices/\(enrolled.id)", session: session, operation: "revokeTrustedDevice")
            return [device, phone].flatMap(\.recorded)
        }
    }
}
