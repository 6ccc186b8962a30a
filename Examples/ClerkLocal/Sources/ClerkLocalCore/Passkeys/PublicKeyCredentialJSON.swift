import Foundation

/// A registration response as WebAuthn's JSON serialization (`PublicKeyCredential.toJSON()`), clerk-js and
/// ClerkKit send it: binary fields base64url. Transports are read from `response.transports`, or from the
/// top level where some libraries put them.
package struct RegistrationResponseJSON: Sendable, Decodable {
    package struct Response: Sendable, Decodable {
        package var clientDataJSON: String
        package var attestationObject: String
        package var transports: [String]?
    }

    package var id: String
    package var rawId: String
    package var type: String
    package var response: Response
    package var transports: [String]?
}

/// An assertion as WebAuthn's JSON serialization sends it, binary fields base64url.
package struct AuthenticationResponseJSON: Sendable, Decodable {
    package struct Response: Sendable, Decodable {
        package var clientDataJSON: String
        package var authenticatorData: String
        package var signature: String
        package var userHandle: String?
    }

    package var id: String
    package var rawId: String
    package var type: String
    package var response: Response
}

/// Reading a credential's JSON and its binary fields (base64url; padded or standard base64 is read too, as
/// older clients sent it).
enum CredentialJSON {
    static func decode<Value: Decodable>(_ type: Value.Type, from json: String) throws(PasskeyRefusalReason) -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(json.utf8))
        } catch let error as DecodingError {
            throw .malformedCredential(error.pathDescription)
        } catch {
            throw .malformedCredential("not JSON")
        }
    }

    static func bytes(_ text: String, field: String) throws(PasskeyRefusalReason) -> [UInt8] {
        guard let data = Base64URL.decode(text) else { throw .malformedCredential("\(field) is not base64url") }
        return Array(data)
    }

    /// The common checks on `id`, `rawId` and `type`: the raw id, decoded.
    static func credentialID(id: String, rawId: String, type: String) throws(PasskeyRefusalReason) -> [UInt8] {
        guard type == "public-key" else { throw .malformedCredential("type is not public-key") }
        let raw = try bytes(rawId, field: "rawId")
        guard !raw.isEmpty, raw.count <= AuthenticatorData.maximumCredentialIDLength else {
            throw .malformedCredential("rawId length outside 1...\(AuthenticatorData.maximumCredentialIDLength)")
        }
        guard try bytes(id, field: "id") == raw else { throw .credentialIDMismatch }
        return raw
    }
}

extension PasskeyRelyingParty {
    /// The credential id an assertion names, read before it is verified, to find whose passkey it is.
    package static func credentialID(ofAssertion json: String) throws(PasskeyRefusal) -> [UInt8] {
        do {
            let response = try CredentialJSON.decode(AuthenticationResponseJSON.self, from: json)
            return try CredentialJSON.credentialID(id: response.id, rawId: response.rawId, type: response.type)
        } catch {
            throw PasskeyRefusal(.authentication, error)
        }
    }
}
