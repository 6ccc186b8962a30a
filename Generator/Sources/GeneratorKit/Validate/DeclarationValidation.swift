extension Validation {
    func validate(_ declaration: ResolvedEnum) {
        if declaration.values.isEmpty {
            sink.report(declaration.location, "enumeration '\(declaration.name)' has no values")
        }
        var values: Set<String> = []
        var names = SwiftNameScope(reserved: [declaration.knownValuesMember.name])
        for value in declaration.values {
            guard values.insert(value.rawValue).inserted else {
                sink.report(value.location, "duplicate enum value '\(value.rawValue)' in '\(declaration.name)'")
                continue
            }
            switch names.claim(value.name, for: value.rawValue) {
            case nil: break
            case .reserved?: sink.report(value.location, "enum value '\(value.rawValue)' clashes with the \(value.name.name) of '\(declaration.name)'")
            case .taken(let other)?:
                sink.report(value.location, "enum values '\(other)' and '\(value.rawValue)' both map to the Swift name '\(value.name.name)'")
            }
        }
    }

    func validate(_ resource: ResolvedResource) {
        // Generated coding keys are a String enum, which Swift refuses without cases.
        if resource.fields.isEmpty {
            sink.report(resource.location, "resource '\(resource.name)' has no fields")
        }
        var wireNames: Set<String> = []
        var names = SwiftNameScope(reserved: Set(resource.additionalProperties.map { [$0.name.name] } ?? []))
        for field in resource.fields {
            guard wireNames.insert(field.wireName).inserted else {
                sink.report(field.location, "duplicate field '\(field.wireName)' in resource '\(resource.name)'")
                continue
            }
            validateReferences(field.schemaType, at: field.location)
            if field.constant != nil, field.schemaType != .string {
                sink.report(field.location, "field '\(field.wireName)' has a const value but is not a string")
            }
            switch names.claim(field.property.name, for: field.wireName) {
            case nil: break
            case .reserved?: sink.report(field.location, "field '\(field.wireName)' clashes with the additionalProperties of '\(resource.name)'")
            case .taken(let other)?:
                sink.report(field.location, "fields '\(other)' and '\(field.wireName)' both map to the Swift name '\(field.property.name.name)'")
            }
        }
    }

    func validate(_ catalogue: ResolvedErrorCatalogue) {
        var codes: Set<String> = []
        var names = SwiftNameScope(reserved: [catalogue.knownValuesMember.name])
        for code in catalogue.codes {
            let member = code.member
            guard codes.insert(member.rawValue).inserted else {
                sink.report(member.location, "duplicate error code '\(member.rawValue)'")
                continue
            }
            if code.variants.isEmpty {
                sink.report(member.location, "error code '\(member.rawValue)' has no variants")
            }
            for variant in code.variants {
                if let status = variant.status, !(100...599).contains(status) {
                    sink.report(variant.location, "HTTP status \(status) of '\(member.rawValue)' is not between 100 and 599")
                }
            }
            switch names.claim(member.name, for: member.rawValue) {
            case nil: break
            case .reserved?: sink.report(member.location, "error code '\(member.rawValue)' clashes with the \(member.name.name) of '\(catalogue.typeName)'")
            case .taken(let other)?:
                sink.report(member.location, "error codes '\(other)' and '\(member.rawValue)' both map to the Swift name '\(member.name.name)'")
            }
        }
    }
}
