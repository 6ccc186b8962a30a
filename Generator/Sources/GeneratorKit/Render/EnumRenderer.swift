/// Renders an enumeration as an open string type.
struct EnumRenderer {
    let declaration: ResolvedEnum

    func render(into writer: inout SwiftWriter) {
        OpenStringTypeEmitter.emit(
            typeName: declaration.name,
            documentation: (declaration.doc ?? declaration.name) + "\n\nOpen: values the schema does not know decode and round-trip.",
            constants: declaration.values.map { .init(member: $0, documentation: $0.doc ?? "`\($0.rawValue)`") },
            knownValuesMember: declaration.knownValuesMember,
            into: &writer
        )
    }
}
