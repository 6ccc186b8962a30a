/// Renders a resource as a Codable struct with explicit coding keys, a public memberwise
/// initializer, and a mirror that hides secret fields.
struct ResourceRenderer {
    let resource: ResolvedResource

    func render(into writer: inout SwiftWriter) {
        writer.doc(documentation)
        writer.block("public struct \(resource.name): Codable, Sendable, Hashable") { writer in
            for field in resource.fields {
                writer.doc(DocCommentEmitter.text(field.documentation))
                writer.line("public var \(field.property.name.source): \(field.property.type)")
            }
            if let additional = resource.additionalProperties {
                writer.doc("Keys the schema does not name, kept so that re-encoding loses nothing.")
                writer.line("public var \(additional.name.source): \(additional.type)")
            }
            writer.line()
            MemberwiseInitializerEmitter.emit(parameters: resource.storedProperties, layout: .parameterPerLine, into: &writer)
            writer.line()
            // Keys are string literals of `WireKey`, not a `CodingKeys` enum: the enum's derived
            // conformances (raw value, CodingKey, Hashable) are machine code for every resource.
            if resource.additionalProperties != nil {
                renderNamedKeys(into: &writer)
                writer.line()
            }
            renderDecoder(into: &writer)
            writer.line()
            renderEncoder(into: &writer)
        }
        if resource.fields.contains(where: \.property.isSecret) {
            writer.line()
            MirrorEmitter.emit(typeName: resource.name, properties: resource.storedProperties, into: &writer)
        }
    }

    private var documentation: String {
        var parts = [resource.doc ?? resource.name]
        if let spec = resource.spec { parts.append("Spec: `\(spec)`.") }
        if resource.lenient { parts.append("Decodes leniently: every field may be absent.") }
        return parts.joined(separator: "\n\n")
    }

    /// The JSON key of a field, as a literal `WireKey`.
    private func key(_ field: ResolvedField) -> String { SwiftLiteral.string(field.wireName) }

    /// The keys the fields name, which additional properties leave out.
    private func renderNamedKeys(into writer: inout SwiftWriter) {
        let keys = resource.fields.map(key)
        if writer.fits("private static let namedKeys: Set<String> = [\(keys.joined(separator: ", "))]") || keys.count < 2 {
            writer.line("private static let namedKeys: Set<String> = [\(keys.joined(separator: ", "))]")
            return
        }
        writer.line("private static let namedKeys: Set<String> = [")
        writer.indented { $0.elements(keys) }
        writer.line("]")
    }

    private func renderDecoder(into writer: inout SwiftWriter) {
        writer.block("public init(from decoder: any Decoder) throws") { writer in
            writer.line("let container = try decoder.container(keyedBy: WireKey.self)")
            guard let additional = resource.additionalProperties else {
                for field in resource.fields {
                    let property = field.property
                    let method = property.isOptional ? "decodeIfPresent" : "decode"
                    writer.wrapping("self.\(property.name.source) = try container.\(method)(", "\(property.baseType).self, forKey: \(key(field)))")
                }
                return
            }
            // One pass over the keys that are there reads the optional fields and the rest from the same
            // container: asking for each absent field would cost a lookup (and Optional metadata) apiece.
            let optional = resource.fields.filter(\.property.isOptional)
            let required = resource.fields.filter { !$0.property.isOptional }
            for field in required {
                writer.wrapping(
                    "self.\(field.property.name.source) = try container.decode(", "\(field.property.baseType).self, forKey: \(key(field)))"
                )
            }
            for field in optional { writer.line("self.\(field.property.name.source) = nil") }
            writer.line("var additional: \(additional.type) = [:]")
            writer.block("for key in container.allKeys") { writer in
                writer.line("switch key.stringValue {")
                for field in optional {
                    writer.line("case \(key(field)):")
                    writer.indented { writer in
                        writer.wrapping(
                            "self.\(field.property.name.source) = try container.decodeIfPresent(", "\(field.property.baseType).self, forKey: key)"
                        )
                    }
                }
                if !required.isEmpty {
                    writer.line("case \(required.map(key).joined(separator: ", ")):")
                    writer.indented { $0.line("break") }
                }
                writer.line("default:")
                writer.indented { $0.line("additional[key.stringValue] = try container.decode(JSONValue.self, forKey: key)") }
                writer.line("}")
            }
            writer.line("self.\(additional.name.source) = additional")
        }
    }

    private func renderEncoder(into writer: inout SwiftWriter) {
        writer.block("public func encode(to encoder: any Encoder) throws") { writer in
            writer.line("var container = encoder.container(keyedBy: WireKey.self)")
            for field in resource.fields {
                // Required fields are always written (null when nil); optional ones only when set.
                let method =
                    switch (field.alwaysEncoded, field.property.isOptional) {
                    case (true, true): "encodeNullable"
                    case (true, false): "encode"
                    case (false, _): "encodeIfPresent"
                    }
                writer.line("try container.\(method)(\(field.property.name.source), forKey: \(key(field)))")
            }
            if let additional = resource.additionalProperties {
                writer.block("for (key, value) in \(additional.name.source) where !Self.namedKeys.contains(key)") { writer in
                    writer.line("try container.encode(value, forKey: WireKey(stringValue: key))")
                }
            }
        }
    }
}
