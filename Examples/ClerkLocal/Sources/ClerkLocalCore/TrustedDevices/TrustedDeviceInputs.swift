/// What an enrolment request names (`/v1/me/trusted_devices/prepare` and `/attempt`); the attempt adds the
/// signed `client_data` and its signature.
package struct TrustedDeviceEnrolment: Sendable {
    package var platform: String?
    package var appIdentifier: String?
    package var name: String?
    package var algorithm: String?
    package var publicKeyJWK: String?
    package var clientData: String?
    package var signature: String?

    package init(
        platform: String?, appIdentifier: String?, name: String?, algorithm: String?, publicKeyJWK: String?, clientData: String? = nil,
        signature: String? = nil
    ) {
        self.platform = platform
        self.appIdentifier = appIdentifier
        self.name = name
        self.algorithm = algorithm
        self.publicKeyJWK = publicKeyJWK
        self.clientData = clientData
        self.signature = signature
    }
}

/// A trusted-device sign-in's `attempt_first_factor`.
package struct TrustedDeviceSignature: Sendable {
    package var trustedDeviceID: String?
    package var clientData: String?
    package var signature: String?
    package var algorithm: String?

    package init(trustedDeviceID: String?, clientData: String?, signature: String?, algorithm: String?) {
        self.trustedDeviceID = trustedDeviceID
        self.clientData = clientData
        self.signature = signature
        self.algorithm = algorithm
    }
}
