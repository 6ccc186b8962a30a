import GeneratorKit

/// What the comparison looks up in the schema: which names are enumerations, and the JSON kind
/// each schema type has on the wire.
struct SchemaIndex {
    let schema: Schema
    let enums: [String: (file: String, decl: EnumDecl)]
    private let stringNames: Set<String>

    init(_ schema: Schema) {
        self.schema = schema
        var enums: [String: (file: String, decl: EnumDecl)] = [:]
        var stringNames: Set<String> = []
        for document in schema.documents {
            for decl in document.enums {
                enums[decl.name] = (document.file, decl)
                stringNames.insert(decl.name)
            }
            if let catalogue = document.errorCatalogue { stringNames.insert(catalogue.typeName) }
        }
        self.enums = enums
        self.stringNames = stringNames
    }

    /// The wire kind of a schema type: enumerations and the error catalogue are strings, resources objects.
    func kind(of type: TypeReference) -> SpecKind {
        switch type {
        case .string: .string
        case .integer, .timestamp: .integer
        case .number: .number
        case .boolean: .boolean
        case .json: .any
        case .named(let name): stringNames.contains(name) ? .string : .object
        case .array(let element): .array(kind(of: element))
        case .map: .object
        }
    }

    /// The enumeration a type holds (itself or its elements), if any.
    func enumName(of type: TypeReference) -> String? {
        switch type {
        case .named(let name): enums[name] == nil ? nil : name
        case .array(let element): enumName(of: element)
        default: nil
        }
    }

    /// Whether values of `ours` read what the spec's `theirs` describes. `any` matches everything and
    /// a number reads an integer.
    static func compatible(_ ours: SpecKind, _ theirs: SpecKind) -> Bool {
        switch (ours, theirs) {
        case (.any, _), (_, .any): true
        case (.number, .integer): true
        case (.array(let left), .array(let right)): compatible(left, right)
        default: ours == theirs
        }
    }

    /// How `--apply` writes a spec kind as a schema type; strings with allowed values stay strings.
    static func schemaType(of kind: SpecKind) -> String {
        switch kind {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .object, .any: "json"
        case .array(let element): "[\(schemaType(of: element))]"
        }
    }
}
