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
            renderCodingKeys(into: &writer)
            writer.line()
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

    private func renderCodingKeys(into writer: inout SwiftWriter) {
        writer.block("private enum CodingKeys: String, CodingKey") { writer in
            for field in resource.fields {
                let rawValue = field.codingKeyRawValue.map { " = " + SwiftLiteral.string($0) } ?? ""
                writer.line("case \(field.property.name.source)\(rawValue)")
            }
        }
    }

    private func renderDecoder(into writer: inout SwiftWriter) {
        // With additional properties, one container keyed by any string reads both the named fields and
        // the rest: every keyed container copies the object, so a second one would read it twice.
        let additional = resource.additionalProperties
        writer.block("public init(from decoder: any Decoder) throws") { writer in
            writer.line("let container = try decoder.container(keyedBy: \(additional == nil ? "CodingKeys" : "AnyCodingKey").self)")
            for field in resource.fields {
                let property = field.property
                let method = property.isOptional ? "decodeIfPresent" : "decode"
                let key = additional == nil ? ".\(property.name.source)" : "AnyCodingKey(CodingKeys.\(property.name.source).stringValue)"
                writer.wrapping("self.\(property.name.source) = try container.\(method)(", "\(property.baseType).self, forKey: \(key))")
            }
            if let additional {
                writer.line("var additional: \(additional.type) = [:]")
                writer.block("for key in container.allKeys where CodingKeys(stringValue: key.stringValue) == nil") { writer in
                    writer.line("additional[key.stringValue] = try container.decode(JSONValue.self, forKey: key)")
                }
                writer.line("self.\(additional.name.source) = additional")
            }
        }
    }

    private func renderEncoder(into writer: inout SwiftWriter) {
        writer.block("public func encode(to encoder: any Encoder) throws") { writer in
            writer.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            for field in resource.fields {
                // Required fields are always written (null when nil); optional ones only when set.
                let method = field.alwaysEncoded ? "encode" : "encodeIfPresent"
                writer.line("try container.\(method)(\(field.property.name.source), forKey: .\(field.property.name.source))")
            }
            if let additional = resource.additionalProperties {
                writer.line("var others = encoder.container(keyedBy: AnyCodingKey.self)")
                writer.block("for (key, value) in \(additional.name.source) where CodingKeys(stringValue: key) == nil") { writer in
                    writer.line("try others.encode(value, forKey: AnyCodingKey(key))")
                }
            }
        }
    }
}
