import ClerkAPI
import Foundation

/// The rules of the account's trusted devices (`/v1/me/trusted_devices`) and of their validation
/// (`/v1/client/trusted_devices/validate`). An enrolment is a pending device holding its challenge until the
/// signature over the challenge's `client_data` arrives; every refusal leaves the pending device, its challenge
/// and the active devices as they were.
package struct TrustedDeviceRules: AccountAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

extension TrustedDeviceRules {
    static let platforms: Set<String> = ["ios", "android"]
    static let algorithm = "ES256"

    // MARK: POST /v1/me/trusted_devices/prepare

    /// A challenge for enrolling the key `public_key_jwk`; an earlier pending enrolment of the same app is replaced.
    package mutating func prepareEnrolment(
        _ meta: RequestMeta, sessionID: String?, _ input: TrustedDeviceEnrolment
    ) throws(FrontendError) -> StoreAnswer<TrustedDeviceChallengeRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        let (configuration, app, publicKey) = try checked(input)
        let devices = devices(of: context.user.id)
        if devices.contains(where: { $0.status == .active && $0.publicKey == publicKey }) {
            throw FrontendError(.trustedDeviceAlreadyEnrolled)
        }
        guard devices.count(where: { $0.status == .active }) < configuration.maxPerUser else {
            throw FrontendError(.trustedDeviceCredentialQuotaExceeded)
        }
        for earlier in devices where earlier.status == .pending && earlier.appIdentifier == app {
            state.trustedDevices[earlier.id] = nil
        }
        let challenge = TrustedDeviceChallengeRecord.issue(
            purpose: "trusted_device.enroll", appIdentifier: app, trustedDeviceID: nil, now: now,
            lifetimeSeconds: configuration.challengeLifetimeSeconds)
        let device = TrustedDeviceRecord(
            id: SecureRandom.identifier(prefix: "td"), userID: context.user.id, platform: input.platform ?? "",
            appIdentifier: app, name: Self.name(input.name), publicKey: publicKey, enrolment: challenge, now: now)
        state.trustedDevices[device.id] = device
        return accountAnswer(challenge, context)
    }

    // MARK: POST /v1/me/trusted_devices/attempt

    /// The signature over the pending enrolment's `client_data`: the device becomes active.
    package mutating func attemptEnrolment(
        _ meta: RequestMeta, sessionID: String?, _ input: TrustedDeviceEnrolment
    ) throws(FrontendError) -> StoreAnswer<TrustedDeviceRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        let (_, app, publicKey) = try checked(input)
        let pending = devices(of: context.user.id).first { $0.status == .pending && $0.appIdentifier == app && $0.publicKey == publicKey }
        guard var device = pending else { throw FrontendError(.trustedDeviceChallengeNotFound) }
        try TrustedDeviceVerifier.verify(
            clientData: input.clientData, signature: input.signature, challenge: device.enrolment, publicKey: publicKey, now: now)
        device.status = .active
        device.enrolment = nil
        device.name = Self.name(input.name) ?? device.name
        device.updatedAt = now
        state.trustedDevices[device.id] = device
        return accountAnswer(device, context)
    }

    // MARK: GET /v1/me/trusted_devices and DELETE /v1/me/trusted_devices/{id}

    package mutating func listTrustedDevices(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<[TrustedDeviceRecord]> {
        let context = try account(meta, sessionID: sessionID, mutation: false)
        _ = try configuration()
        let active = devices(of: context.user.id).filter { $0.status == .active }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return accountAnswer(active, context)
    }

    /// Revokes a device: it can no longer sign in. A revoked one answers as it is.
    package mutating func revokeTrustedDevice(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<TrustedDeviceRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        guard var device = state.trustedDevices[id], device.userID == context.user.id, device.status != .pending else {
            throw .notFound("ResourceNotFound", parameter: "trusted_device_id")
        }
        if device.status == .active {
            device.status = .revoked
            device.revokedAt = now
            device.updatedAt = now
            state.trustedDevices[id] = device
        }
        return accountAnswer(device, context)
    }

    // MARK: POST /v1/client/trusted_devices/validate

    /// Whether the device may sign in now: active, its user there and not locked. Changes nothing.
    package mutating func validateTrustedDevice(_ meta: RequestMeta, id: String?) throws(FrontendError) -> StoreAnswer<Bool> {
        let client = try requireClient(meta)
        _ = try configuration()
        guard let id, !id.isEmpty else { throw .missing("trusted_device_id") }
        let device = state.trustedDevices[id]
        let user = device.flatMap { users[$0.userID] }
        let valid = device?.status == .active && user.map { lockError(for: $0) == nil } == true
        return StoreAnswer(resource: valid, snapshot: snapshot(of: client.id))
    }

    // MARK: Helpers

    func configuration() throws(FrontendError) -> TrustedDeviceSettings {
        guard let configuration = settings.trustedDevices else { throw FrontendError(.featureNotEnabled) }
        return configuration
    }

    private func devices(of userID: String) -> [TrustedDeviceRecord] {
        state.trustedDevices.records(for: LookupKey.user(userID))
    }

    /// The settings, the app identifier and the key of an enrolment request, each checked.
    private func checked(_ input: TrustedDeviceEnrolment) throws(FrontendError) -> (TrustedDeviceSettings, String, [UInt8]) {
        let configuration = try configuration()
        guard let platform = input.platform, !platform.isEmpty else { throw .missing("platform") }
        guard Self.platforms.contains(platform) else { throw .invalidValue("platform", platform) }
        guard let algorithm = input.algorithm, !algorithm.isEmpty else { throw .missing("algorithm") }
        guard algorithm == Self.algorithm else { throw .invalidValue("algorithm", algorithm) }
        guard let app = input.appIdentifier?.trimmingWhitespace(), !app.isEmpty else { throw .missing("app_identifier") }
        guard configuration.allows(app) else { throw FrontendError(.trustedDeviceAppIdentifierNotConfigured, paramName: "app_identifier") }
        return (configuration, app, try TrustedDeviceVerifier.publicKey(jwk: input.publicKeyJWK))
    }

    private static func name(_ name: String?) -> String? {
        guard let trimmed = name?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
        return String(trimmed.prefix(100))
    }
}
