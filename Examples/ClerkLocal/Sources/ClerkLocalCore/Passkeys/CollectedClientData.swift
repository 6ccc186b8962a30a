import Foundation

/// `clientDataJSON` (WebAuthn §5.8.1): what the browser or platform says the ceremony was, with which
/// challenge, from which origin. Members this relying party does not check are ignored.
package struct CollectedClientData: Sendable, Decodable {
    package enum CeremonyType: String, Sendable {
        case create = "webauthn.create"
        case get = "webauthn.get"
    }

    package var type: String
    package var challenge: String
    package var origin: String
    package var crossOrigin: Bool?

    package init(json bytes: [UInt8]) throws(PasskeyRefusalReason) {
        do {
            self = try JSONDecoder().decode(CollectedClientData.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw .malformedClientData(error.pathDescription)
        } catch {
            throw .malformedClientData("not JSON")
        }
    }

    /// The checks of WebAuthn §7.1 steps 7-9 and §7.2 steps 11-13.
    package func check(type expected: CeremonyType, challenge expectedChallenge: [UInt8], origins: [String]) throws(PasskeyRefusalReason) {
        guard type == expected.rawValue else { throw .wrongClientDataType(expected: expected.rawValue) }
        guard let received = Base64URL.decode(challenge), ConstantTime.equals(Array(received), expectedChallenge) else {
            throw .challengeMismatch
        }
        // The refused origin is named (a developer's first question), cut short: the client wrote it.
        guard origins.contains(origin) else { throw .originNotAllowed(String(origin.prefix(200))) }
        guard crossOrigin != true else { throw .crossOrigin }
    }
}

extension DecodingError {
    /// Where the JSON differs from the expected shape, without the values it holds.
    package var pathDescription: String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch self {
        case .keyNotFound(let key, let context): return "missing \((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(path(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "\(path(context.codingPath)) is invalid"
        @unknown default: return "not the expected JSON"
        }
    }
}
