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
            // Computed constants: a stored `static let` is a lazily initialised global (storage, a once-token,
            // an initialiser and an addressor each), which for hundreds of codes is most of a file's machine code.
            for constant in constants {
                writer.line()
                writer.doc(constant.documentation)
                let declaration = "public static var \(constant.member.name.source): \(typeName)"
                let value = "\(typeName)(rawValue: \(SwiftLiteral.string(constant.member.rawValue)))"
                if writer.fits("\(declaration) { \(value) }") {
                    writer.line("\(declaration) { \(value) }")
                } else {
                    writer.block(declaration) { $0.line(value) }
                }
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
