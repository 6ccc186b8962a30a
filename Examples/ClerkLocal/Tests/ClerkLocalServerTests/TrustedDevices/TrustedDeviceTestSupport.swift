import ClerkAPI
import Crypto
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// A device key as an app holds it: its public JWK and signatures over `client_data`.
struct DeviceKey {
    let key = P256.Signing.PrivateKey()

    var jwk: String {
        let point = Array(key.publicKey.x963Representation)
        return #"{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode(point[1..<33]))","y":"\#(Base64URL.encode(point[33..<65]))","alg":"ES256"}"#
    }

    func sign(_ clientData: String) throws -> String {
        Base64URL.encode(try key.signature(for: Data(clientData.utf8)).rawRepresentation)
    }
}

/// A user signed in on `device` with an enrolled trusted device.
struct TrustedDeviceAccount {
    var userID: String
    var sessionID: String
    var deviceID: String
}

extension InstanceSettings {
    static var withTrustedDevices: InstanceSettings {
        var settings = SettingsPreset.emailPassword.settings
        settings.trustedDevices = TrustedDeviceSettings()
        // A password sign-in on a new client asks for no code: the tests are about the device.
        settings.clientTrust = false
        return settings
    }
}

extension TestServer {
    /// The form of a prepare or attempt for `key`.
    func enrolmentForm(_ key: DeviceKey, app: String = "com.example.app", extra: [(String, String)] = []) -> [(String, String)] {
        [("platform", "ios"), ("app_identifier", app), ("name", "Test phone"), ("algorithm", "ES256"), ("public_key_jwk", key.jwk)] + extra
    }

    /// Seeds a user, signs them in with their password on `device`, and enrols `key`.
    func trustedDeviceAccount(_ device: FAPIClient, _ key: DeviceKey) async throws -> TrustedDeviceAccount {
        let user = try await seedUser(SeedUser(emailAddress: Fixture.email("td"), password: Fixture.password))
        let signIn = try await device.signIn([("identifier", try #require(user.emailAddress)), ("password", Fixture.password)]).signIn
        let sessionID = try #require(signIn.createdSessionID)
        let challenge = try await device.me("POST", "/trusted_devices/prepare", session: sessionID, form: enrolmentForm(key))
            .response(TrustedDeviceChallenge.self)
        let signature = try key.sign(challenge.clientData)
        let attempt = try await device.me(
            "POST", "/trusted_devices/attempt", session: sessionID,
            form: enrolmentForm(key, extra: [("client_data", challenge.clientData), ("signature", signature)]))
        let trusted = try attempt.response(TrustedDevice.self)
        #expect(trusted.status == .active)
        return TrustedDeviceAccount(userID: user.id, sessionID: sessionID, deviceID: trusted.id)
    }

    /// Everything a refused trusted-device request must leave as it was: trusted devices, users, sign-ins, clients.
    func trustedDeviceState() async throws -> Data {
        try await core.store.trustedDeviceState()
    }
}

extension FrontendStore {
    func trustedDeviceState() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode([
            try encoder.encode(state.trustedDevices.values.sorted { $0.id < $1.id }),
            try encoder.encode(state.directory.users.values.sorted { $0.id < $1.id }),
            try encoder.encode(state.signIns.values.sorted { $0.id < $1.id }),
            try encoder.encode(state.clientBook.clients.values.sorted { $0.id < $1.id }),
        ])
    }

    func lock(userID: String) {
        state.directory.users[userID]?.lockout.lockedUntil = Date().addingTimeInterval(600)
    }
}

extension FAPIClient {
    /// `POST /v1/client/sign_ins {strategy: trusted_device, trusted_device_id}`.
    func startTrustedDeviceSignIn(_ deviceID: String) async throws -> FAPIClient.Answer {
        try await signIn([("strategy", "trusted_device"), ("trusted_device_id", deviceID)])
    }
}

extension FAPIClient {
    /// A whole trusted-device sign-in: started for `deviceID`, then its challenge signed with `key`.
    func signInWithTrustedDevice(_ deviceID: String, key: DeviceKey) async throws -> FAPIClient.Answer {
        let started = try await startTrustedDeviceSignIn(deviceID)
        let challenge = try started.trustedDeviceChallenge
        return try await signInAction(
            try started.signIn.id, "attempt_first_factor",
            [
                ("strategy", "trusted_device"), ("trusted_device_id", deviceID), ("client_data", challenge.clientData),
                ("signature", try key.sign(challenge.clientData)),
            ])
    }
}

extension FAPIClient.Answer {
    /// The sign-in's trusted-device challenge.
    var trustedDeviceChallenge: TrustedDeviceChallenge {
        get throws {
            let value = try #require(try signIn.firstFactorVerification?.trustedDeviceChallenge)
            return try JSONDecoder().decode(TrustedDeviceChallenge.self, from: JSONEncoder().encode(value))
        }
    }
}
