import Crypto

/// The emulator as a WebAuthn relying party: its RP ID (a registrable domain, or `localhost`) and the
/// origins ceremonies may come from (exact matches, e.g. `http://localhost:3000`).
package struct PasskeyRelyingParty: Sendable, Equatable {
    package var id: String
    package var name: String
    package var origins: [String]

    package init(id: String, name: String, origins: [String]) {
        self.id = id
        self.name = name
        self.origins = origins
    }

    /// The checks both ceremonies make of the client data and the authenticator data.
    func checkCeremony(
        clientData clientDataJSON: [UInt8], type: CollectedClientData.CeremonyType, challenge: [UInt8],
        authenticatorData: AuthenticatorData, requireUserVerification: Bool
    ) throws(PasskeyRefusalReason) {
        try CollectedClientData(json: clientDataJSON).check(type: type, challenge: challenge, origins: origins)
        guard ConstantTime.equals(authenticatorData.rpIDHash, Array(SHA256.hash(data: Array(id.utf8)))) else {
            throw .rpIDHashMismatch
        }
        guard authenticatorData.flags.contains(.userPresent) else { throw .userNotPresent }
        guard !requireUserVerification || authenticatorData.flags.contains(.userVerified) else { throw .userNotVerified }
    }
}
