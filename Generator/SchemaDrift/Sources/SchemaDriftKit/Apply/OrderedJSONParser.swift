/// Reads JSON text into `OrderedJSON`, keeping literals as written.
struct OrderedJSONParser {
    struct Failure: Error, CustomStringConvertible {
        var offset: Int
        var description: String { "not valid JSON near byte \(offset)" }
    }

    private let bytes: [UInt8]
    private var position = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    mutating func parse() throws(Failure) -> OrderedJSON {
        let value = try parseValue()
        skipWhitespace()
        guard position == bytes.count else { throw Failure(offset: position) }
        return value
    }

    private mutating func parseValue() throws(Failure) -> OrderedJSON {
        skipWhitespace()
        guard position < bytes.count else { throw Failure(offset: position) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .literal(try parseStringLiteral())
        default: return .literal(try parseBareLiteral())
        }
    }

    private mutating func parseObject() throws(Failure) -> OrderedJSON {
        position += 1
        var entries: [(key: String, value: OrderedJSON)] = []
        skipWhitespace()
        if consume("}") { return .object(entries) }
        repeat {
            skipWhitespace()
            guard let key = OrderedJSON.literal(try parseStringLiteral()).stringValue else { throw Failure(offset: position) }
            skipWhitespace()
            guard consume(":") else { throw Failure(offset: position) }
            entries.append((key, try parseValue()))
            skipWhitespace()
        } while consume(",")
        guard consume("}") else { throw Failure(offset: position) }
        return .object(entries)
    }

    private mutating func parseArray() throws(Failure) -> OrderedJSON {
        position += 1
        var items: [OrderedJSON] = []
        skipWhitespace()
        if consume("]") { return .array(items) }
        repeat {
            items.append(try parseValue())
            skipWhitespace()
        } while consume(",")
        guard consume("]") else { throw Failure(offset: position) }
        return .array(items)
    }

    private mutating func parseStringLiteral() throws(Failure) -> String {
        let start = position
        guard consume("\"") else { throw Failure(offset: position) }
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard consume("\"") else { throw Failure(offset: start) }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func parseBareLiteral() throws(Failure) -> String {
        let start = position
        while position < bytes.count, !Self.ends(bytes[position]) { position += 1 }
        guard position > start else { throw Failure(offset: start) }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private static func ends(_ byte: UInt8) -> Bool {
        [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(byte)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[position]) {
            position += 1
        }
    }

    private mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }
}
