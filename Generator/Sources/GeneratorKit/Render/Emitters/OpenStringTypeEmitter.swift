/// An open string type (an enumeration or the error-code catalogue): a `RawRepresentable` struct
/// with a static constant per known value and the list of them. Unknown values decode and
/// round-trip.
enum OpenStringTypeEmitter {
    struct Constant {
        var member: OpenStringMember
        var documentation: String
    }

    /// `extraMembers` writes what the type declares beyond its constants.
    static func emit(
        typeName: String, documentation: String, constants: [Constant], knownValuesMember: SwiftIdentifier,
        into writer: inout SwiftWriter, extraMembers: (inout SwiftWriter) -> Void = { _ in }
    ) {
        writer.doc(documentation)
        writer.block("public struct \(typeName): OpenStringValue") { writer in
            writer.line("public let rawValue: String")
            writer.line()
            writer.block("public init(rawValue: String)") { writer in
                writer.line("self.rawValue = rawValue")
            }
            for constant in constants {
                writer.line()
                writer.doc(constant.documentation)
                writer.wrapping(
                    "public static let \(constant.member.name.source) = \(typeName)(",
                    "rawValue: \(SwiftLiteral.string(constant.member.rawValue)))"
                )
            }
            writer.line()
            let known = "public static let \(knownValuesMember.source): [\(typeName)] ="
            if constants.isEmpty {
                writer.line(known + " []")
            } else {
                writer.line(known + " [")
                writer.indented { $0.elements(constants.map { ".\($0.member.name.source)" }) }
                writer.line("]")
            }
            extraMembers(&writer)
        }
    }
}
