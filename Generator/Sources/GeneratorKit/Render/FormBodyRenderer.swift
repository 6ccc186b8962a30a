/// Renders a request's form body: a `FormCodable` struct whose fields encode and decode by the
/// wire rules, or `EmptyFormBody` when the endpoint takes none.
struct FormBodyRenderer {
    let endpoint: ResolvedEndpoint

    private var typeName: String { endpoint.bodyProperty.baseType }

    func render(into writer: inout SwiftWriter) {
        let fields = endpoint.bodyFields
        if fields.isEmpty {
            writer.doc("This endpoint takes no body parameters.")
            writer.line("public typealias \(typeName) = EmptyFormBody")
            return
        }
        writer.doc("The form body of `\(endpoint.method.rawValue) \(endpoint.path)`.")
        writer.block("public struct \(typeName): FormCodable, Hashable") { writer in
            for field in fields {
                writer.doc(DocCommentEmitter.text(field.documentation))
                writer.line("public var \(field.property.name.source): \(field.property.type)")
            }
            writer.line()
            MemberwiseInitializerEmitter.emit(parameters: fields.map(\.property), layout: .parameterPerLine, into: &writer)
            writer.line()
            writer.block("public func formFields() -> FormFields") { writer in
                writer.line("var writer = FormWriter()")
                for field in fields { writer.line(FormCodingStatements.write(field)) }
                writer.line("return writer.fields")
            }
            writer.line()
            writer.block("public init(form: FormFields) throws(FormDecodingError)") { writer in
                writer.line("var reader = FormReader(form)")
                for field in fields {
                    writer.line("self.\(field.property.name.source) = \(FormCodingStatements.read(field))")
                }
                writer.line("try reader.finish()")
            }
        }
    }

    /// The mirror of a body with secret fields, written after the request type.
    func renderMirror(into writer: inout SwiftWriter) {
        guard endpoint.bodyFields.contains(where: \.property.isSecret) else { return }
        writer.line()
        MirrorEmitter.emit(
            typeName: "\(endpoint.typeName).\(typeName)", properties: endpoint.bodyFields.map(\.property), into: &writer
        )
    }
}
