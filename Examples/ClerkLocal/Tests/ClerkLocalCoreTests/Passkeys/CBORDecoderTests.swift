import Foundation
import Testing

@testable import ClerkLocalCore

/// The CBOR decoder against RFC 8949 Appendix A's examples (the subset WebAuthn uses), its refusals, and
/// random and truncated input.
@Suite("Passkeys: the CBOR decoder")
struct CBORDecoderTests {
    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    @Test("RFC 8949 Appendix A: integers, byte and text strings, arrays, maps, false, true, null")
    func appendixA() throws {
        let examples: [(String, CBORValue)] = [
            ("00", .integer(0)), ("17", .integer(23)), ("1818", .integer(24)), ("1903e8", .integer(1000)),
            ("1a000f4240", .integer(1_000_000)), ("1b000000e8d4a51000", .integer(1_000_000_000_000)),
            ("1b7fffffffffffffff", .integer(Int64.max)), ("20", .integer(-1)), ("29", .integer(-10)), ("3863", .integer(-100)),
            ("3903e7", .integer(-1000)), ("3b7fffffffffffffff", .integer(Int64.min)),
            ("40", .bytes([])), ("4401020304", .bytes([1, 2, 3, 4])), ("60", .text("")), ("6161", .text("a")),
            ("6449455446", .text("IETF")), ("62225c", .text("\"\\")), ("62c3bc", .text("\u{00fc}")), ("63e6b0b4", .text("\u{6c34}")),
            ("64f0908591", .text("\u{10151}")), ("80", .array([])), ("83010203", .array([.integer(1), .integer(2), .integer(3)])),
            ("8301820203820405", .array([.integer(1), .array([.integer(2), .integer(3)]), .array([.integer(4), .integer(5)])])),
            ("a0", .map([:])), ("a201020304", .map([.integer(1): .integer(2), .integer(3): .integer(4)])),
            ("a26161016162820203", .map([.text("a"): .integer(1), .text("b"): .array([.integer(2), .integer(3)])])),
            ("f4", .bool(false)), ("f5", .bool(true)), ("f6", .null),
        ]
        for (encoded, value) in examples {
            #expect(try CBORDecoder.decode(Self.hex(encoded)) == value, "\(encoded)")
            #expect(value.encoded == Self.hex(encoded), "the tests' encoder writes \(encoded)")
        }
    }

    @Test("refusals: truncated, indefinite, reserved, tags and floats, out of range, invalid UTF-8, bad or repeated keys, depth, trailing bytes")
    func refusals() throws {
        let cases: [(String, CBORError)] = [
            ("", .truncated), ("18", .truncated), ("1b0000", .truncated), ("44010203", .truncated), ("62c3", .truncated),
            ("a1", .truncated), ("a101", .truncated), ("830102", .truncated),
            ("5f", .indefiniteLength), ("7f", .indefiniteLength), ("9f", .indefiniteLength), ("bf", .indefiniteLength), ("ff", .indefiniteLength),
            ("1c", .reservedAdditionalInformation), ("5d", .reservedAdditionalInformation), ("fc", .reservedAdditionalInformation),
            ("c074", .unsupportedItem(majorType: 6, additionalInformation: 0)), ("f93c00", .unsupportedItem(majorType: 7, additionalInformation: 25)),
            ("fb3ff199999999999a", .unsupportedItem(majorType: 7, additionalInformation: 27)),
            ("f7", .unsupportedItem(majorType: 7, additionalInformation: 23)), ("f0", .unsupportedItem(majorType: 7, additionalInformation: 16)),
            ("1bffffffffffffffff", .valueOutOfRange), ("3b8000000000000000", .valueOutOfRange),
            ("5bffffffffffffffff", .valueOutOfRange), ("5b00000000ffffffff", .truncated), ("9a7fffffff", .truncated),
            ("62c328", .invalidUTF8), ("a1f601", .unsupportedMapKey), ("a1400102", .unsupportedMapKey),
            ("a2010201 03", .duplicateMapKey), ("a2616101616102", .duplicateMapKey), ("0000", .trailingBytes(count: 1)),
        ]
        for (encoded, error) in cases {
            #expect(throws: error, "\(encoded)") { try CBORDecoder.decode(Self.hex(encoded.replacingOccurrences(of: " ", with: ""))) }
        }
        let nested = [UInt8](repeating: 0x81, count: 16) + [0x00]
        #expect(throws: CBORError.tooDeep(limit: 16)) { try CBORDecoder.decode(nested) }
        #expect(try CBORDecoder.decode(Array(nested.dropFirst())).arrayValue != nil)
        let deep = [UInt8](repeating: 0x81, count: 100_000) + [0x00]
        #expect(throws: CBORError.tooDeep(limit: 16)) { try CBORDecoder.decode(deep) }
    }

    @Test("decodePrefix reports how many bytes the first item takes")
    func prefix() throws {
        let (value, consumed) = try CBORDecoder.decodePrefix(Self.hex("a1010200ff"))
        #expect(value == .map([.integer(1): .integer(2)]))
        #expect(consumed == 3)
    }

    @Test("random byte strings, and every truncation of recorded attestation objects, decode or throw a CBORError, never crash")
    func randomAndTruncatedInput() throws {
        var generator = SystemRandomNumberGenerator()
        var decoded = 0
        for round in 0..<20_000 {
            let count = Int.random(in: 0...(round % 2 == 0 ? 8 : 96), using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Half the inputs start with a map or array head so that nesting and lengths get exercised.
            if round % 4 == 1, !bytes.isEmpty { bytes[0] = 0xA0 | (bytes[0] & 0x1F) }
            if round % 4 == 3, !bytes.isEmpty { bytes[0] = 0x80 | (bytes[0] & 0x1F) }
            do {
                _ = try CBORDecoder.decode(bytes)
                decoded += 1
            } catch {
                // A typed CBORError is the only other outcome.
            }
            _ = try? AuthenticatorData(bytes)
            _ = try? AttestationObject(bytes)
            _ = try? COSEPublicKey(cose: bytes)
        }
        #expect(decoded > 0)
        for vector in [PyWebAuthnVectors.noneES256, PyWebAuthnVectors.packedFirefoxYubiKey, PyWebAuthnVectors.packedEd25519] {
            let response = try JSONDecoder().decode(RegistrationResponseJSON.self, from: Data(vector.credential.utf8))
            let object = Array(try #require(Base64URL.decode(response.response.attestationObject)))
            _ = try AttestationObject(object)
            for length in 0..<object.count {
                #expect(throws: (any Error).self) { try AttestationObject(Array(object[0..<length])) }
            }
            for index in stride(from: 0, to: object.count, by: 7) {
                var mutated = object
                mutated[index] ^= UInt8.random(in: 1...255, using: &generator)
                _ = try? AttestationObject(mutated)
            }
        }
    }
}
