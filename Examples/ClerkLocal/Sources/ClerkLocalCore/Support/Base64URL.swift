import Foundation

/// Base64url without padding (RFC 4648 §5), as JWTs and JWKS use it.
package enum Base64URL {
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        // Byte by byte rather than three `replacingOccurrences`: this runs for every client token.
        let base64 = Data(bytes).base64EncodedData()
        var result: [UInt8] = []
        result.reserveCapacity(base64.count)
        for byte in base64 {
            switch byte {
            case UInt8(ascii: "+"): result.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): result.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): continue
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    package static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
