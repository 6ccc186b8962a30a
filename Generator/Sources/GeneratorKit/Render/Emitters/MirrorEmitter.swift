/// A `CustomReflectable` conformance that shows every stored property but the secret ones, so
/// `print`, `dump`, `String(describing:)` and `debugDescription` never reveal them.
enum MirrorEmitter {
    static func emit(typeName: String, properties: [StoredProperty], into writer: inout SwiftWriter) {
        writer.block("extension \(typeName): CustomReflectable") { writer in
            writer.block("public var customMirror: Mirror") { writer in
                writer.line("Mirror(")
                writer.indented { writer in
                    writer.line("self,")
                    writer.line("children: [")
                    writer.indented { $0.elements(properties.map { "\(SwiftLiteral.string($0.name.name)): \(value(of: $0)) as Any" }) }
                    writer.line("],")
                    writer.line("displayStyle: .struct")
                }
                writer.line(")")
            }
        }
    }

    /// The child's value: the property, or a placeholder for a secret (which still tells nil apart).
    private static func value(of property: StoredProperty) -> String {
        switch (property.isSecret, property.isOptional) {
        case (false, _): property.name.source
        case (true, true): "(\(property.name.source) == nil ? \"nil\" : Redaction.placeholder)"
        case (true, false): "Redaction.placeholder"
        }
    }
}
