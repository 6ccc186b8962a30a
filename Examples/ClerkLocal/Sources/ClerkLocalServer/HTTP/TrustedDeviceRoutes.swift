import ClerkAPI
import ClerkLocalCore
import Hummingbird

/// `/v1/me/trusted_devices` (enrolment, list, removal), `/v1/client/trusted_devices/validate`, and the
/// `trusted_device` strategy of sign-ins.
extension FrontendRoutes {
    func registerTrustedDevices(on router: MethodAwareRouter) {
        route(PrepareTrustedDeviceRequest.self, on: router) { call in
            try await call.answer(TrustedDeviceRules.self, { try $0.prepareEnrolment(call.meta, sessionID: call.sessionID, call.body.enrolment) }) {
                answer in try await call.envelope(core.presenter.trustedDeviceChallenge(answer.resource), answer.snapshot)
            }
        }
        route(AttemptTrustedDeviceRequest.self, on: router) { call in
            try await call.trustedDevice { try $0.attemptEnrolment(call.meta, sessionID: call.sessionID, call.body.enrolment) }
        }
        route(ListTrustedDevicesRequest.self, on: router) { call in
            try await call.answer(TrustedDeviceRules.self, { try $0.listTrustedDevices(call.meta, sessionID: call.sessionID) }) { answer in
                try await call.envelope(answer.resource.map(core.presenter.trustedDevice), answer.snapshot)
            }
        }
        route(RevokeTrustedDeviceRequest.self, on: router) { call in
            try await call.trustedDevice { try $0.revokeTrustedDevice(call.meta, sessionID: call.sessionID, id: call.parameter("trusted_device_id")) }
        }
        route(ValidateTrustedDeviceRequest.self, on: router) { call in
            try await call.answer(TrustedDeviceRules.self, { try $0.validateTrustedDevice(call.meta, id: call.body.trustedDeviceID) }) { answer in
                try await call.envelope(TrustedDeviceValidation(valid: answer.resource), answer.snapshot)
            }
        }
    }
}

extension FrontendCall {
    func trustedDevice(_ operation: RulesOperation<TrustedDeviceRules, StoreAnswer<TrustedDeviceRecord>>) async throws -> Response {
        try await answer(TrustedDeviceRules.self, operation) { answer in
            try await envelope(core.presenter.trustedDevice(answer.resource), answer.snapshot)
        }
    }
}

extension PrepareTrustedDeviceRequest.Body {
    var enrolment: TrustedDeviceEnrolment {
        TrustedDeviceEnrolment(
            platform: platform.rawValue, appIdentifier: appIdentifier, name: name, algorithm: algorithm.rawValue, publicKeyJWK: publicKeyJwk)
    }
}

extension AttemptTrustedDeviceRequest.Body {
    var enrolment: TrustedDeviceEnrolment {
        TrustedDeviceEnrolment(
            platform: platform.rawValue, appIdentifier: appIdentifier, name: name, algorithm: algorithm.rawValue, publicKeyJWK: publicKeyJwk,
            clientData: clientData, signature: signature)
    }
}
