import Foundation

/// A point in time as the Frontend API sends it: Unix milliseconds.
///
/// Kept as the exact integer so values round-trip byte for byte; `date` converts.
public struct ClerkTimestamp: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z, as on the wire.
    public var millisecondsSince1970: Int64

    /// The timestamp `millisecondsSince1970` milliseconds after the epoch.
    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The timestamp of `date`, rounded to the millisecond.
    public init(_ date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        self.millisecondsSince1970 =
            milliseconds.isFinite
            ? Int64(exactly: milliseconds) ?? (milliseconds > 0 ? .max : .min)
            : 0
    }

    /// The timestamp as a `Date`.
    public var date: Date {
        Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000)
    }

    /// Decodes a number of milliseconds; a fractional one is truncated.
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

    /// Encodes the integer number of milliseconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(millisecondsSince1970)
    }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: ClerkTimestamp, rhs: ClerkTimestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// The date, in the `Date` description format.
    public var description: String { date.description }
}
