/// A public memberwise initializer: a parameter per property (with its default argument), each
/// assigned in order.
enum MemberwiseInitializerEmitter {
    enum Layout {
        /// `public init(a: A, b: B? = nil) {`
        case singleLine
        /// One parameter per line, for types with many.
        case parameterPerLine
    }

    /// `presets` are properties the initializer does not take but sets to their default value.
    static func emit(
        parameters: [StoredProperty], presets: [StoredProperty] = [], layout: Layout, into writer: inout SwiftWriter
    ) {
        let declarations = parameters.map { property in
            "\(property.name.source): \(property.type)" + (property.defaultValue.map { " = " + spelling($0) } ?? "")
        }
        let body = { (writer: inout SwiftWriter) in
            for property in parameters {
                writer.line("self.\(property.name.source) = \(property.name.source)")
            }
            for property in presets {
                writer.line("self.\(property.name.source) = \(property.defaultValue.map(spelling) ?? "nil")")
            }
        }
        // A single line that would pass the formatter's 160 columns (at a member's indentation) is
        // laid out a parameter per line instead, as swift-format would otherwise wrap it.
        let singleLineWidth = 4 + "public init() {".count + declarations.joined(separator: ", ").count
        guard layout == .parameterPerLine || singleLineWidth > 160, !declarations.isEmpty else {
            writer.block("public init(\(declarations.joined(separator: ", ")))", body)
            return
        }
        writer.line("public init(")
        for (index, declaration) in declarations.enumerated() {
            writer.line("    " + declaration + (index == declarations.count - 1 ? "" : ","))
        }
        writer.block(")", body)
    }

    private static func spelling(_ value: DefaultValue) -> String {
        switch value {
        case .nil: "nil"
        case .string(let text): SwiftLiteral.string(text)
        case .emptyDictionary: "[:]"
        case .emptyInstance(let typeName): "\(typeName)()"
        }
    }
}
