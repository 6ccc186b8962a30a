/// Renders one endpoint: a request type with its method, path, path parameters, query and
/// form body, paired with the response type, and the body's form encoding both ways.
struct EndpointRenderer {
    let endpoint: EndpointDecl
    let symbols: SymbolTable

    private struct Parameter {
        var field: FormFieldDecl
        var swiftName: String
        var escapedName: String
        var typeName: String
    }

    private func parameters(_ fields: [FormFieldDecl]) -> [Parameter] {
        fields.map { field in
            let swiftName = Naming.lowerCamel(field.name) ?? field.name
            return Parameter(
                field: field, swiftName: swiftName, escapedName: Naming.escaped(swiftName),
                typeName: SwiftTypes.name(field.type) + (field.required ? "" : "?")
            )
        }
    }

    private var typeName: String { EndpointNaming.typeName(endpoint) ?? endpoint.name }

    private var responseTypeName: String {
        let type = SwiftTypes.name(endpoint.response.type) + (endpoint.response.nullable ? "?" : "")
        guard endpoint.response.shape == "enveloped", let client = symbols.envelopeClientType else { return type }
        return "ClientEnvelope<\(type), \(client)>"
    }

    func render(into writer: inout SwiftWriter) {
        let pathParameters = endpoint.pathParameters.map { parameter in
            (parameter, Naming.escaped(Naming.lowerCamel(parameter.name) ?? parameter.name))
        }
        let query = parameters(endpoint.query)
        let body = parameters(endpoint.body)
        let bodyHasRequired = body.contains(where: \.field.required)

        writer.doc((endpoint.doc ?? endpoint.name) + "\n\n`\(endpoint.method) \(endpoint.path)` (operationId `\(endpoint.operationID)`).")
        writer.block("public struct \(typeName): APIEndpoint, Hashable") { writer in
            writer.line("public typealias Response = \(responseTypeName)")
            writer.line()
            writer.line("public static let operationID = \(SwiftLiteral.string(endpoint.operationID))")
            writer.line("public static let method = RequestMethod.\(endpoint.method.lowercased())")
            writer.line("public static let pathTemplate = \(SwiftLiteral.string(endpoint.path))")
            writer.line("public static let responseShape = ResponseShape.\(endpoint.response.shape)")
            writer.line("public static let isSafeToRetry = \(endpoint.retryable)")
            for (parameter, name) in pathParameters {
                writer.line()
                writer.doc(parameter.doc)
                writer.line("public var \(name): String")
            }
            for parameter in query {
                writer.line()
                writer.doc(documentation(parameter.field))
                writer.line("public var \(parameter.escapedName): \(parameter.typeName)")
            }
            writer.line()
            writer.line("public var body: Body")
            writer.line()
            var initParameters = pathParameters.map { "\($0.1): String" }
            initParameters += query.map { "\($0.escapedName): \($0.typeName)" + ($0.field.required ? "" : " = nil") }
            if endpoint.method != "GET" || !body.isEmpty {
                initParameters.append(bodyHasRequired ? "body: Body" : "body: Body = Body()")
            }
            writer.block("public init(\(initParameters.joined(separator: ", ")))") { writer in
                for (_, name) in pathParameters { writer.line("self.\(name) = \(name)") }
                for parameter in query { writer.line("self.\(parameter.escapedName) = \(parameter.escapedName)") }
                writer.line(initParameters.last?.hasPrefix("body:") == true ? "self.body = body" : "self.body = Body()")
            }
            writer.line()
            writer.block("public var path: String") { writer in
                writer.line(pathExpression(pathParameters.map { ($0.0.name, $0.1) }))
            }
            writer.line()
            if query.isEmpty {
                writer.line("public var queryItems: [FormField] { [] }")
            } else {
                writer.block("public var queryItems: [FormField]") { writer in
                    writer.line("var writer = FormWriter()")
                    for parameter in query { writer.line(writeStatement(parameter)) }
                    writer.line("return writer.fields.fields")
                }
            }
            writer.line()
            renderBody(body, into: &writer)
        }
        if body.contains(where: \.field.secret) {
            writer.line()
            MirrorRenderer.render(
                typeName: "\(typeName).Body",
                children: body.map { ($0.swiftName, $0.escapedName, $0.field.secret, !$0.field.required) },
                into: &writer
            )
        }
    }

    private func pathExpression(_ parameters: [(wireName: String, swiftName: String)]) -> String {
        var pieces: [String] = []
        var literal = ""
        for segment in endpoint.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            literal += "/"
            if segment.hasPrefix("{"), segment.hasSuffix("}"),
                let parameter = parameters.first(where: { $0.wireName == segment.dropFirst().dropLast() })
            {
                pieces.append(SwiftLiteral.string(literal))
                pieces.append("PathSegment.escape(\(parameter.swiftName))")
                literal = ""
            } else {
                literal += segment
            }
        }
        if !literal.isEmpty || pieces.isEmpty { pieces.append(SwiftLiteral.string(literal)) }
        return pieces.joined(separator: " + ")
    }

    private func documentation(_ field: FormFieldDecl) -> String? {
        var parts: [String] = []
        if let doc = field.doc { parts.append(doc) }
        if let note = field.extensionNote { parts.append("Not in the spec: \(note)") }
        if field.secret { parts.append("A secret: hidden from descriptions and dumps.") }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    private func isEnumeration(_ type: TypeReference) -> Bool {
        if case .named(let name) = type { return symbols.kinds[name] != nil }
        return false
    }

    private func writeStatement(_ parameter: Parameter) -> String {
        let name = SwiftLiteral.string(parameter.field.name)
        let value = parameter.escapedName
        let optional = parameter.field.required ? "" : "?"
        switch parameter.field.type {
        case .named: return "writer.write(\(name), \(value)\(optional).rawValue)"
        case .array(.named): return "writer.write(\(name), \(value)\(optional).map(\\.rawValue))"
        default: return "writer.write(\(name), \(value))"
        }
    }

    private func readExpression(_ parameter: Parameter) -> String {
        let name = SwiftLiteral.string(parameter.field.name)
        let required = parameter.field.required
        switch parameter.field.type {
        case .boolean: return "try reader.\(required ? "requiredBool" : "bool")(\(name))"
        case .integer: return "try reader.\(required ? "requiredInt" : "int")(\(name))"
        case .json: return "try reader.\(required ? "requiredJSON" : "json")(\(name))"
        case .array(.named(let type)):
            return required
                ? "try reader.requiredStrings(\(name)).map(\(type).init(rawValue:))"
                : "try reader.strings(\(name))?.map(\(type).init(rawValue:))"
        case .array: return "try reader.\(required ? "requiredStrings" : "strings")(\(name))"
        case .named(let type):
            return required
                ? "\(type)(rawValue: try reader.requiredString(\(name)))"
                : "try reader.string(\(name)).map(\(type).init(rawValue:))"
        default: return "try reader.\(required ? "requiredString" : "string")(\(name))"
        }
    }

    private func renderBody(_ body: [Parameter], into writer: inout SwiftWriter) {
        if body.isEmpty {
            writer.doc("This endpoint takes no body parameters.")
            writer.line("public typealias Body = EmptyFormBody")
            return
        }
        writer.doc("The form body of `\(endpoint.method) \(endpoint.path)`.")
        writer.block("public struct Body: FormCodable, Hashable") { writer in
            for parameter in body {
                writer.doc(documentation(parameter.field))
                writer.line("public var \(parameter.escapedName): \(parameter.typeName)")
            }
            writer.line()
            writer.line("public init(")
            for (index, parameter) in body.enumerated() {
                let defaultValue = parameter.field.required ? "" : " = nil"
                writer.line("    \(parameter.escapedName): \(parameter.typeName)\(defaultValue)" + (index == body.count - 1 ? "" : ","))
            }
            writer.block(")") { writer in
                for parameter in body { writer.line("self.\(parameter.escapedName) = \(parameter.escapedName)") }
            }
            writer.line()
            writer.block("public func formFields() -> FormFields") { writer in
                writer.line("var writer = FormWriter()")
                for parameter in body { writer.line(writeStatement(parameter)) }
                writer.line("return writer.fields")
            }
            writer.line()
            writer.block("public init(form: FormFields) throws(FormDecodingError)") { writer in
                writer.line("var reader = FormReader(form)")
                for parameter in body {
                    writer.line("self.\(parameter.escapedName) = \(readExpression(parameter))")
                }
                writer.line("try reader.finish()")
            }
        }
    }
}
