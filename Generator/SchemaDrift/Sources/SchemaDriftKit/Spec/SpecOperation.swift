import OpenAPIKit30

/// One operation of the spec: its method, path, and its query and form-body fields.
struct SpecOperation: Sendable {
    var id: String
    /// `GET`, `POST`, ...
    var method: String
    var path: String
    /// Query parameters, flattened like object properties.
    var query: SpecObject
    /// The `application/x-www-form-urlencoded` body's fields (empty when the operation takes none).
    var body: SpecObject

    init(id: String, method: String, path: String, pathParameters: OpenAPI.Parameter.Array, operation: OpenAPI.Operation, components: OpenAPI.Components) {
        self.id = id
        self.method = method
        self.path = path
        let shapes = SpecShapes(components: components)
        var query = SpecObject()
        for parameter in pathParameters.compactMap({ components[$0] }) where parameter.location == .query {
            let schema = parameter.schemaOrContent.schemaContextValue.flatMap { components[$0.schema] } ?? .fragment(.init())
            query.names.append(parameter.name)
            query.properties[parameter.name] = SpecProperty(
                kind: shapes.kind(of: schema), required: parameter.required, nullable: shapes.isNullable(schema),
                enumValues: shapes.enumValues(of: schema), description: parameter.description ?? shapes.description(of: schema), schema: schema
            )
        }
        self.query = query
        let request = operation.requestBody.flatMap { components[$0] }
        if let schema = request?.content[.form]?.schema.flatMap({ components[$0] }) {
            body = shapes.object(of: schema)
        } else {
            body = SpecObject()
        }
    }
}
