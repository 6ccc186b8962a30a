import Foundation

/// Reads schema documents into declarations. Structural problems (malformed JSON, missing
/// keys, wrong JSON types, unknown keys, bad type expressions) become diagnostics.
public struct SchemaParser {
    /// A parser.
    public init() {}

    /// Reads every `.json` file below `directory`, in path order.
    public func parse(directory: URL) throws -> (Schema, [SchemaDiagnostic]) {
        let files = try SchemaFiles.list(in: directory)
        return parse(files: try files.map { ($0.relativePath, try Data(contentsOf: $0.url)) })
    }

    /// Parses documents given as (relative path, contents).
    public func parse(files: [(path: String, contents: Data)]) -> (Schema, [SchemaDiagnostic]) {
        let sink = DiagnosticSink()
        var documents: [SchemaDocument] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let tree: JSONTree
            do {
                tree = try JSONDecoder().decode(JSONTree.self, from: file.contents)
            } catch {
                sink.report(SchemaLocation(file: file.path, path: "$"), "not valid JSON (\(Self.describe(error)))")
                continue
            }
            if let document = parseDocument(tree, file: file.path, sink: sink) {
                documents.append(document)
            }
        }
        return (Schema(documents: documents), sink.diagnostics)
    }

    private static func describe(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return (context.underlyingError as NSError?)?.localizedDescription ?? context.debugDescription
        }
        return String(describing: error)
    }

    private func parseDocument(_ tree: JSONTree, file: String, sink: DiagnosticSink) -> SchemaDocument? {
        guard var reader = ObjectReader(tree, file: file, path: "$", sink: sink) else { return nil }
        var document = SchemaDocument(file: file, doc: reader.string("doc"))
        _ = reader.string("$schema")
        document.enums = reader.array("enums").compactMap { parseEnum($0.tree, file: file, path: $0.path, sink: sink) }
        document.resources = reader.array("resources").compactMap {
            parseResource($0.tree, file: file, path: $0.path, sink: sink)
        }
        if var catalogue = reader.object("errorCodes") {
            document.errorCatalogue = parseErrorCatalogue(&catalogue, sink: sink)
        }
        document.endpoints = reader.array("endpoints").compactMap {
            parseEndpoint($0.tree, file: file, path: $0.path, sink: sink)
        }
        if var envelope = reader.object("envelope") {
            if let clientType = envelope.string("clientType", required: true) {
                document.envelope = EnvelopeDecl(clientType: clientType, location: envelope.location)
            }
            envelope.rejectUnknownKeys()
        }
        reader.rejectUnknownKeys()
        return document
    }

    private func parseType(_ reader: inout ObjectReader, sink: DiagnosticSink) -> TypeReference? {
        guard let text = reader.string("type", required: true) else { return nil }
        guard let type = TypeExpression.parse(text) else {
            sink.report(
                reader.location(of: "type"), "'\(text)' is not a type (expected string, integer, number, boolean, timestamp, json, a TypeName, [T] or {T})")
            return nil
        }
        return type
    }

    private func parseResource(_ tree: JSONTree, file: String, path: String, sink: DiagnosticSink) -> ResourceDecl? {
        guard var reader = ObjectReader(tree, file: file, path: path, sink: sink) else { return nil }
        let name = reader.string("name", required: true)
        let doc = reader.string("doc")
        let spec = reader.string("spec")
        let lenient = reader.bool("lenient")
        let additionalProperties = reader.bool("additionalProperties")
        let fields = reader.array("fields", required: true).compactMap { element -> FieldDecl? in
            guard var field = ObjectReader(element.tree, file: file, path: element.path, sink: sink) else { return nil }
            let name = field.string("name", required: true)
            let type = parseType(&field, sink: sink)
            let decl = FieldDecl(
                name: name ?? "", type: type ?? .json, required: field.bool("required"), nullable: field.bool("nullable"),
                doc: field.string("doc"), secret: field.bool("secret"), constant: field.string("const"),
                deprecated: field.bool("deprecated"), extensionNote: field.string("extension"),
                swiftName: field.string("swiftName"), location: field.location
            )
            field.rejectUnknownKeys()
            return name == nil || type == nil ? nil : decl
        }
        reader.rejectUnknownKeys()
        guard let name else { return nil }
        return ResourceDecl(
            name: name, doc: doc, spec: spec, lenient: lenient, additionalProperties: additionalProperties,
            fields: fields, location: reader.location
        )
    }

    private func parseEnum(_ tree: JSONTree, file: String, path: String, sink: DiagnosticSink) -> EnumDecl? {
        guard var reader = ObjectReader(tree, file: file, path: path, sink: sink) else { return nil }
        let name = reader.string("name", required: true)
        let doc = reader.string("doc")
        let values = reader.array("values", required: true).compactMap { element -> EnumValueDecl? in
            guard var value = ObjectReader(element.tree, file: file, path: element.path, sink: sink) else { return nil }
            let raw = value.string("value", required: true)
            let decl = EnumValueDecl(value: raw ?? "", doc: value.string("doc"), swiftName: value.string("swiftName"), location: value.location)
            value.rejectUnknownKeys()
            return raw == nil ? nil : decl
        }
        reader.rejectUnknownKeys()
        guard let name else { return nil }
        return EnumDecl(name: name, doc: doc, values: values, location: reader.location)
    }

    private func parseErrorCatalogue(_ reader: inout ObjectReader, sink: DiagnosticSink) -> ErrorCatalogueDecl? {
        let typeName = reader.string("typeName", required: true)
        let file = reader.file
        let codes = reader.array("codes", required: true).compactMap { element -> ErrorCodeDecl? in
            guard var code = ObjectReader(element.tree, file: file, path: element.path, sink: sink) else { return nil }
            let value = code.string("code", required: true)
            let doc = code.string("doc")
            let variants = code.array("variants", required: true).compactMap { element -> ErrorVariantDecl? in
                guard var variant = ObjectReader(element.tree, file: file, path: element.path, sink: sink) else { return nil }
                let name = variant.string("name", required: true)
                let status = variant.integer("status")
                let decl = ErrorVariantDecl(
                    name: name ?? "", status: status, shortMessage: variant.string("shortMessage"),
                    longMessage: variant.string("longMessage"), location: variant.location
                )
                variant.rejectUnknownKeys()
                return name == nil ? nil : decl
            }
            code.rejectUnknownKeys()
            guard let value else { return nil }
            return ErrorCodeDecl(code: value, doc: doc, variants: variants, location: code.location)
        }
        reader.rejectUnknownKeys()
        guard let typeName else { return nil }
        return ErrorCatalogueDecl(typeName: typeName, codes: codes, location: reader.location)
    }

    private func parseFormField(_ tree: JSONTree, file: String, path: String, sink: DiagnosticSink) -> FormFieldDecl? {
        guard var field = ObjectReader(tree, file: file, path: path, sink: sink) else { return nil }
        let name = field.string("name", required: true)
        let type = parseType(&field, sink: sink)
        let decl = FormFieldDecl(
            name: name ?? "", type: type ?? .string, required: field.bool("required"), secret: field.bool("secret"),
            doc: field.string("doc"), extensionNote: field.string("extension"), location: field.location
        )
        field.rejectUnknownKeys()
        return name == nil || type == nil ? nil : decl
    }

    private func parseEndpoint(_ tree: JSONTree, file: String, path: String, sink: DiagnosticSink) -> EndpointDecl? {
        guard var reader = ObjectReader(tree, file: file, path: path, sink: sink) else { return nil }
        let name = reader.string("name", required: true)
        let operationID = reader.string("operationId")
        let doc = reader.string("doc")
        let method: HTTPMethod? = reader.choice("method", required: true) { text in
            "unsupported HTTP method '\(text)' (GET, POST, PUT, PATCH or DELETE)"
        }
        let endpointPath = reader.string("path", required: true)
        let parameters = reader.array("pathParameters").compactMap { element -> PathParameterDecl? in
            guard var parameter = ObjectReader(element.tree, file: file, path: element.path, sink: sink) else { return nil }
            let name = parameter.string("name", required: true)
            let decl = PathParameterDecl(name: name ?? "", doc: parameter.string("doc"), location: parameter.location)
            parameter.rejectUnknownKeys()
            return name == nil ? nil : decl
        }
        let query = reader.array("query").compactMap { parseFormField($0.tree, file: file, path: $0.path, sink: sink) }
        let body = reader.array("body").compactMap { parseFormField($0.tree, file: file, path: $0.path, sink: sink) }
        var response: ResponseDecl?
        if var responseReader = reader.object("response", required: true) {
            let shape: ResponseShape? = responseReader.choice("shape", required: true) { text in
                "response shape '\(text)' is not 'enveloped' or 'bare'"
            }
            let type = parseType(&responseReader, sink: sink)
            if let shape, let type {
                response = ResponseDecl(shape: shape, type: type, nullable: responseReader.bool("nullable"), location: responseReader.location)
            }
            responseReader.rejectUnknownKeys()
        }
        let retryable = reader.bool("retryable")
        reader.rejectUnknownKeys()
        guard let name, let method, let endpointPath, let response else { return nil }
        return EndpointDecl(
            name: name, operationID: operationID ?? name, doc: doc, method: method, path: endpointPath,
            pathParameters: parameters, query: query, body: body, response: response, retryable: retryable,
            location: reader.location
        )
    }
}
