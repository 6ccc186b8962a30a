extension Resolution {
    func resolve(_ declaration: EnumDecl) -> ResolvedEnum {
        checkTypeName(declaration.name, declaration.location)
        let values = declaration.values.map { value in
            OpenStringMember(
                rawValue: value.value,
                name: memberName(
                    value.value, swiftName: value.swiftName, at: value.location,
                    problem: "enum value '\(value.value)' does not give a Swift name; add a swiftName"
                ),
                doc: value.doc, location: value.location
            )
        }
        return ResolvedEnum(
            name: declaration.name, doc: declaration.doc, values: values, knownValuesMember: Naming.identifier(Naming.knownValues),
            location: declaration.location
        )
    }

    func resolve(_ catalogue: ErrorCatalogueDecl) -> ResolvedErrorCatalogue {
        checkTypeName(catalogue.typeName, catalogue.location)
        let codes = catalogue.codes.map { code in
            ResolvedErrorCode(
                member: OpenStringMember(
                    rawValue: code.code,
                    name: memberName(code.code, at: code.location, problem: "error code '\(code.code)' does not give a Swift name"),
                    doc: code.doc, location: code.location
                ),
                variants: code.variants
            )
        }
        return ResolvedErrorCatalogue(
            typeName: catalogue.typeName, codes: codes, knownValuesMember: Naming.identifier(Naming.knownValues),
            location: catalogue.location
        )
    }
}
