import ClerkAPI
import Foundation
import NIOCore

/// The `{response, client}` envelope of an answer whose resource is also the client's current sign-in
/// or sign-up: the resource is encoded once and its bytes are placed both as `response` and in the
/// client, which is encoded with that field null. The document is the one `JSONEncoder` gives for the
/// whole envelope; the profile had `JSONEncoder`, which wrote the sign-in twice, at a fifth of
/// `POST /v1/client/sign_ins`' time.
package enum SharedResourceEnvelope {
    /// The envelope's bytes, or nil when the client's JSON has no top-level `null` under `key` to fill.
    package static func encode<Resource: Encodable>(_ resource: Resource, client: ClientResource, sharedAs key: String) throws -> ByteBuffer? {
        let encoder = JSONEncoder()
        let resourceJSON = try encoder.encode(resource)
        let clientJSON = try encoder.encode(client)
        guard let slot = TopLevelJSONKey.nullValue(of: key, in: clientJSON) else { return nil }
        var buffer = ByteBuffer()
        buffer.reserveCapacity(prefix.count + separator.count + 1 + 2 * resourceJSON.count + clientJSON.count)
        buffer.writeBytes(prefix)
        buffer.writeBytes(resourceJSON)
        buffer.writeBytes(separator)
        buffer.writeBytes(clientJSON[clientJSON.startIndex..<slot.lowerBound])
        buffer.writeBytes(resourceJSON)
        buffer.writeBytes(clientJSON[slot.upperBound..<clientJSON.endIndex])
        buffer.writeInteger(UInt8(ascii: "}"))
        return buffer
    }

    private static let prefix = Array(#"{"response":"#.utf8)
    private static let separator = Array(#","client":"#.utf8)
}

/// Finds a key of a JSON document's outermost object, skipping strings and nested values, so that a
/// key of the same name inside metadata is never taken for it.
enum TopLevelJSONKey {
    /// The range of `null` when it is the value of `key` in the outermost object; nil otherwise.
    static func nullValue(of key: String, in json: Data) -> Range<Data.Index>? {
        let quotedKey = Array("\"\(key)\"".utf8)
        let offsets = json.withUnsafeBytes { nullValue(of: quotedKey, in: $0) }
        return offsets.map { (json.startIndex + $0.lowerBound)..<(json.startIndex + $0.upperBound) }
    }

    private static func nullValue(of quotedKey: [UInt8], in json: UnsafeRawBufferPointer) -> Range<Int>? {
        var depth = 0
        var index = 0
        while index < json.count {
            switch json[index] {
            case UInt8(ascii: "\""):
                let end = endOfString(startingAt: index, in: json)
                if depth == 1, json[index..<end].elementsEqual(quotedKey), let value = null(after: end, in: json) {
                    return value
                }
                index = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The offset just past the closing quote of the string that opens at `start`.
    private static func endOfString(startingAt start: Int, in json: UnsafeRawBufferPointer) -> Int {
        var index = start + 1
        while index < json.count {
            switch json[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return json.count
    }

    /// `null` right after a key's colon (no whitespace: `JSONEncoder` writes none).
    private static func null(after keyEnd: Int, in json: UnsafeRawBufferPointer) -> Range<Int>? {
        let end = keyEnd + colonNull.count
        guard end <= json.count, json[keyEnd..<end].elementsEqual(colonNull) else { return nil }
        return (keyEnd + 1)..<end
    }

    private static let colonNull = Array(":null".utf8)
}
