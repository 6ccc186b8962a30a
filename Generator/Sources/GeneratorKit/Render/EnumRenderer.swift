/// Renders an open string enumeration: a RawRepresentable struct with a static member per value.
struct EnumRenderer {
    let declaration: EnumDecl

    func render(into writer: inout SwiftWriter) {
        let name = declaration.name
        writer.doc((declaration.doc ?? name) + "\n\nOpen: values the schema does not know decode and round-trip.")
        writer.block("public struct \(name): OpenStringValue") { writer in
            writer.line("public let rawValue: String")
            writer.line()
            writer.block("public init(rawValue: String)") { writer in
                writer.line("self.rawValue = rawValue")
            }
            var members: [String] = []
            for value in declaration.values {
                let member = Naming.escaped(value.swiftName ?? Naming.lowerCamel(value.value) ?? value.value)
                members.append(member)
                writer.line()
                writer.doc(value.doc ?? "`\(value.value)`")
                writer.line("public static let \(member) = \(name)(rawValue: \(SwiftLiteral.string(value.value)))")
            }
            writer.line()
            writer.line("public static let knownValues: [\(name)] = [")
            for member in members { writer.line("    .\(member),") }
            writer.line("]")
        }
    }
}
