import Foundation

/// A point in time as the Frontend API sends it: Unix milliseconds.
///
/// Kept as the exact integer so values round-trip byte for byte; `date` converts.
public struct ClerkTimestamp: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var millisecondsSince1970: Int64

    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    public init(_ date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        self.millisecondsSince1970 = milliseconds.isFinite
            ? Int64(exactly: milliseconds) ?? (milliseconds > 0 ? .max : .min)
            : 0
    }

    public var date: Date {
        Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let integer = try? container.decode(Int64.self) {
            millisecondsSince1970 = integer
            return
        }
        // Some servers send milliseconds as a float; accept it when it is a whole, in-range number.
        let number = try container.decode(Double.self)
        guard number.isFinite, let integer = Int64(exactly: number.rounded(.towardZero)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Timestamp \(number) is not a Unix time in milliseconds")
        }
        millisecondsSince1970 = integer
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(millisecondsSince1970)
    }

    public static func < (lhs: ClerkTimestamp, rhs: ClerkTimestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    public var description: String { date.description }
}
