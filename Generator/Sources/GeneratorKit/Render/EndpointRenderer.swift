/// Renders one endpoint: a request type with its method, path, path parameters, query and
/// form body, paired with the response type.
struct EndpointRenderer {
    let endpoint: ResolvedEndpoint

    func render(into writer: inout SwiftWriter) {
        let body = FormBodyRenderer(endpoint: endpoint)
        writer.doc(
            (endpoint.doc ?? endpoint.name)
                + "\n\n`\(endpoint.method.rawValue) \(endpoint.path)` (operationId `\(endpoint.operationID)`)."
        )
        writer.block("public struct \(endpoint.typeName): APIEndpoint, Hashable") { writer in
            writer.line("public typealias Response = \(endpoint.response.type)")
            writer.line()
            writer.line("public static let operationID = \(SwiftLiteral.string(endpoint.operationID))")
            writer.line("public static let method = RequestMethod.\(endpoint.methodCase)")
            writer.line("public static let pathTemplate = \(SwiftLiteral.string(endpoint.path))")
            writer.line("public static let responseShape = ResponseShape.\(endpoint.response.shapeCase)")
            writer.line("public static let isSafeToRetry = \(endpoint.retryable)")
            for parameter in endpoint.pathParameters {
                writer.line()
                writer.doc(parameter.doc)
                writer.line("public var \(parameter.property.name.source): \(parameter.property.type)")
            }
            for field in endpoint.query {
                writer.line()
                writer.doc(DocCommentEmitter.text(field.documentation))
                writer.line("public var \(field.property.name.source): \(field.property.type)")
            }
            writer.line()
            writer.line("public var \(endpoint.bodyProperty.name.source): \(endpoint.bodyProperty.type)")
            writer.line()
            let bodyProperty = [endpoint.bodyProperty]
            MemberwiseInitializerEmitter.emit(
                parameters: endpoint.pathParameters.map(\.property) + endpoint.query.map(\.property)
                    + (endpoint.initializerTakesBody ? bodyProperty : []),
                presets: endpoint.initializerTakesBody ? [] : bodyProperty,
                layout: .singleLine, into: &writer
            )
            writer.line()
            writer.block("public var path: String") { writer in
                writer.line(pathExpression)
            }
            writer.line()
            renderQueryItems(into: &writer)
            writer.line()
            body.render(into: &writer)
        }
        body.renderMirror(into: &writer)
    }

    /// `"/v1/pets/" + PathSegment.escape(petID)`.
    private var pathExpression: String {
        endpoint.pathComponents.map { component in
            switch component {
            case .literal(let text): SwiftLiteral.string(text)
            case .parameter(let name): "PathSegment.escape(\(name.source))"
            }
        }.joined(separator: " + ")
    }

    private func renderQueryItems(into writer: inout SwiftWriter) {
        guard !endpoint.query.isEmpty else {
            writer.line("public var queryItems: [FormField] { [] }")
            return
        }
        writer.block("public var queryItems: [FormField]") { writer in
            writer.line("var writer = FormWriter()")
            for field in endpoint.query { writer.line(FormCodingStatements.write(field)) }
            writer.line("return writer.fields.fields")
        }
    }
}
