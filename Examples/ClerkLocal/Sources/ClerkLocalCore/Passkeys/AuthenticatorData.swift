/// The authenticator data of a WebAuthn ceremony (WebAuthn §6.1): the RP ID's SHA-256, the flags, the
/// signature counter, and at registration the attested credential (AAGUID, credential id, COSE key).
package struct AuthenticatorData: Sendable, Equatable {
    package struct Flags: OptionSet, Sendable, Hashable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        package static let userPresent = Flags(rawValue: 0x01)
        package static let userVerified = Flags(rawValue: 0x04)
        /// The credential may be backed up (a multi-device passkey).
        package static let backupEligible = Flags(rawValue: 0x08)
        package static let backedUp = Flags(rawValue: 0x10)
        package static let attestedCredentialData = Flags(rawValue: 0x40)
        package static let extensionData = Flags(rawValue: 0x80)
    }

    package struct AttestedCredential: Sendable, Equatable {
        package var aaguid: [UInt8]
        package var credentialID: [UInt8]
        /// The COSE key exactly as the authenticator encoded it (what a relying party stores).
        package var publicKeyCOSE: [UInt8]
        package var publicKey: CBORValue
    }

    /// WebAuthn §5.8.3: a credential id is at most 1,023 bytes.
    package static let maximumCredentialIDLength = 1023
    private static let fixedLength = 37

    package var rpIDHash: [UInt8]
    package var flags: Flags
    package var signCount: UInt32
    package var attestedCredential: AttestedCredential?
    /// Decoded to check their form, not interpreted: nothing this relying party asks for uses them.
    package var extensions: CBORValue?
    package var raw: [UInt8]

    package init(_ bytes: [UInt8]) throws(PasskeyRefusalReason) {
        guard bytes.count >= Self.fixedLength else { throw .malformedAuthenticatorData("shorter than 37 bytes") }
        raw = bytes
        rpIDHash = Array(bytes[0..<32])
        flags = Flags(rawValue: bytes[32])
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        // WebAuthn §6.1.3: a credential that cannot be backed up cannot be backed up.
        guard flags.contains(.backupEligible) || !flags.contains(.backedUp) else {
            throw .malformedAuthenticatorData("backed up (BS) without being backup eligible (BE)")
        }
        var offset = Self.fixedLength
        if flags.contains(.attestedCredentialData) {
            let (credential, end) = try Self.attestedCredential(bytes, from: offset)
            attestedCredential = credential
            offset = end
        }
        if flags.contains(.extensionData) {
            guard offset < bytes.count else { throw .malformedAuthenticatorData("extension flag set without extensions") }
            let value: CBORValue
            do {
                value = try CBORDecoder.decode(bytes[offset...])
            } catch {
                throw .malformedAuthenticatorData("extensions: \(error)")
            }
            guard case .map = value else { throw .malformedAuthenticatorData("extensions are not a map") }
            extensions = value
        } else if offset != bytes.count {
            throw .malformedAuthenticatorData("\(bytes.count - offset) unexpected trailing bytes")
        }
    }

    private static func attestedCredential(_ bytes: [UInt8], from start: Int) throws(PasskeyRefusalReason) -> (AttestedCredential, end: Int) {
        var offset = start
        guard bytes.count - offset >= 18 else { throw .malformedAuthenticatorData("attested credential data truncated") }
        let aaguid = Array(bytes[offset..<offset + 16])
        let idLength = Int(bytes[offset + 16]) << 8 | Int(bytes[offset + 17])
        offset += 18
        guard idLength > 0, idLength <= maximumCredentialIDLength else {
            throw .malformedAuthenticatorData("credential id length \(idLength) outside 1...\(maximumCredentialIDLength)")
        }
        guard bytes.count - offset >= idLength else { throw .malformedAuthenticatorData("credential id truncated") }
        let credentialID = Array(bytes[offset..<offset + idLength])
        offset += idLength
        let key: (value: CBORValue, consumed: Int)
        do {
            key = try CBORDecoder.decodePrefix(bytes[offset...])
        } catch {
            throw .malformedAuthenticatorData("credential public key: \(error)")
        }
        guard case .map = key.value else { throw .malformedAuthenticatorData("credential public key is not a map") }
        let cose = Array(bytes[offset..<offset + key.consumed])
        let credential = AttestedCredential(aaguid: aaguid, credentialID: credentialID, publicKeyCOSE: cose, publicKey: key.value)
        return (credential, offset + key.consumed)
    }
}
