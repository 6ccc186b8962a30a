/// Renders a resource as a Codable struct with explicit coding keys, a public memberwise
/// initializer, and a mirror that hides secret fields.
struct ResourceRenderer {
    static let additionalPropertiesName = "additionalProperties"

    let resource: ResourceDecl

    private struct Property {
        var field: FieldDecl
        var swiftName: String
        var escapedName: String
        var typeName: String
        var optional: Bool
    }

    private var properties: [Property] {
        resource.fields.map { field in
            let swiftName = SwiftTypes.fieldSwiftName(field)
            let optional = SwiftTypes.isOptional(field, in: resource)
            return Property(
                field: field, swiftName: swiftName, escapedName: Naming.escaped(swiftName),
                typeName: SwiftTypes.name(field.type) + (optional ? "?" : ""), optional: optional
            )
        }
    }

    func render(into writer: inout SwiftWriter) {
        let properties = self.properties
        writer.doc(documentation)
        writer.block("public struct \(resource.name): Codable, Sendable, Hashable") { writer in
            for property in properties {
                writer.doc(fieldDocumentation(property.field))
                writer.line("public var \(property.escapedName): \(property.typeName)")
            }
            if resource.additionalProperties {
                writer.doc("Keys the schema does not name, kept so that re-encoding loses nothing.")
                writer.line("public var \(Self.additionalPropertiesName): [String: JSONValue]")
            }
            writer.line()
            renderInitializer(properties, into: &writer)
            writer.line()
            renderCodingKeys(properties, into: &writer)
            writer.line()
            renderDecoder(properties, into: &writer)
            writer.line()
            renderEncoder(properties, into: &writer)
        }
        if properties.contains(where: \.field.secret) {
            writer.line()
            MirrorRenderer.render(
                typeName: resource.name,
                children: properties.map { ($0.swiftName, $0.escapedName, $0.field.secret, $0.optional) }
                    + (resource.additionalProperties ? [(Self.additionalPropertiesName, Self.additionalPropertiesName, false, false)] : []),
                into: &writer
            )
        }
    }

    private var documentation: String {
        var parts = [resource.doc ?? resource.name]
        if let spec = resource.spec { parts.append("Spec: `\(spec)`.") }
        if resource.lenient { parts.append("Decodes leniently: every field may be absent.") }
        return parts.joined(separator: "\n\n")
    }

    private func fieldDocumentation(_ field: FieldDecl) -> String? {
        var parts: [String] = []
        if let doc = field.doc { parts.append(doc) }
        if field.deprecated { parts.append("Deprecated by the API.") }
        if let note = field.extensionNote { parts.append("Not in the spec: \(note)") }
        if field.secret { parts.append("A secret: hidden from descriptions and dumps.") }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    private func renderInitializer(_ properties: [Property], into writer: inout SwiftWriter) {
        let parameters = properties.map { property -> String in
            var parameter = "\(property.escapedName): \(property.typeName)"
            if let constant = property.field.constant {
                parameter += " = " + SwiftLiteral.string(constant)
            } else if property.optional {
                parameter += " = nil"
            }
            return parameter
        } + (resource.additionalProperties ? ["\(Self.additionalPropertiesName): [String: JSONValue] = [:]"] : [])
        writer.line("public init(")
        for (index, parameter) in parameters.enumerated() {
            writer.line("    " + parameter + (index == parameters.count - 1 ? "" : ","))
        }
        writer.block(")") { writer in
            for property in properties {
                writer.line("self.\(property.escapedName) = \(property.escapedName)")
            }
            if resource.additionalProperties {
                writer.line("self.\(Self.additionalPropertiesName) = \(Self.additionalPropertiesName)")
            }
        }
    }

    private func renderCodingKeys(_ properties: [Property], into writer: inout SwiftWriter) {
        writer.block("private enum CodingKeys: String, CodingKey") { writer in
            for property in properties {
                if property.swiftName == property.field.name {
                    writer.line("case \(property.escapedName)")
                } else {
                    writer.line("case \(property.escapedName) = \(SwiftLiteral.string(property.field.name))")
                }
            }
        }
    }

    private func renderDecoder(_ properties: [Property], into writer: inout SwiftWriter) {
        // With additional properties, one container keyed by any string reads both the named fields and
        // the rest: every keyed container copies the object, so a second one would read it twice.
        let open = resource.additionalProperties
        writer.block("public init(from decoder: any Decoder) throws") { writer in
            writer.line("let container = try decoder.container(keyedBy: \(open ? "AnyCodingKey" : "CodingKeys").self)")
            for property in properties {
                let type = SwiftTypes.name(property.field.type)
                let method = property.optional ? "decodeIfPresent" : "decode"
                let key = open ? "AnyCodingKey(CodingKeys.\(property.escapedName).stringValue)" : ".\(property.escapedName)"
                writer.line("self.\(property.escapedName) = try container.\(method)(\(type).self, forKey: \(key))")
            }
            if open {
                writer.line("var additional: [String: JSONValue] = [:]")
                writer.block("for key in container.allKeys where CodingKeys(stringValue: key.stringValue) == nil") { writer in
                    writer.line("additional[key.stringValue] = try container.decode(JSONValue.self, forKey: key)")
                }
                writer.line("self.\(Self.additionalPropertiesName) = additional")
            }
        }
    }

    private func renderEncoder(_ properties: [Property], into writer: inout SwiftWriter) {
        writer.block("public func encode(to encoder: any Encoder) throws") { writer in
            writer.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            for property in properties {
                // Required fields are always written (null when nullable); optional ones only when set.
                let method = property.field.required ? "encode" : "encodeIfPresent"
                writer.line("try container.\(method)(\(property.escapedName), forKey: .\(property.escapedName))")
            }
            if resource.additionalProperties {
                writer.line("var others = encoder.container(keyedBy: AnyCodingKey.self)")
                writer.block("for (key, value) in \(Self.additionalPropertiesName) where CodingKeys(stringValue: key) == nil") { writer in
                    writer.line("try others.encode(value, forKey: AnyCodingKey(key))")
                }
            }
        }
    }
}

/// Renders a `CustomReflectable` conformance that shows every property but the secret ones,
/// so `print`, `dump`, `String(describing:)` and `debugDescription` never reveal them.
enum MirrorRenderer {
    static func render(
        typeName: String,
        children: [(name: String, escaped: String, secret: Bool, optional: Bool)],
        into writer: inout SwiftWriter
    ) {
        writer.block("extension \(typeName): CustomReflectable") { writer in
            writer.block("public var customMirror: Mirror") { writer in
                writer.line("Mirror(")
                writer.line("    self,")
                writer.line("    children: [")
                for child in children {
                    let value: String
                    if !child.secret {
                        value = child.escaped
                    } else if child.optional {
                        value = "(\(child.escaped) == nil ? \"nil\" : Redaction.placeholder)"
                    } else {
                        value = "Redaction.placeholder"
                    }
                    writer.line("        \(SwiftLiteral.string(child.name)): \(value) as Any,")
                }
                writer.line("    ],")
                writer.line("    displayStyle: .struct")
                writer.line(")")
            }
        }
    }
}
