/// Renders the error-code catalogue: an open code type with a constant per code and the
/// catalogue entries (HTTP status, messages) of each.
struct ErrorCatalogueRenderer {
    let catalogue: ResolvedErrorCatalogue

    func render(into writer: inout SwiftWriter) {
        OpenStringTypeEmitter.emit(
            typeName: catalogue.typeName,
            documentation:
                "An error code of the Frontend API (\(catalogue.codes.count) known codes).\n\nOpen: codes the catalogue does not know decode and round-trip.",
            constants: catalogue.codes.map { .init(member: $0.member, documentation: documentation($0)) },
            knownValuesMember: catalogue.knownValuesMember,
            into: &writer,
            extraMembers: renderVariants
        )
    }

    private func renderVariants(into writer: inout SwiftWriter) {
        writer.line()
        // A switch statement with a return per case, not a switch expression: the type checker solves an
        // expression of hundreds of array-literal branches as one constraint system (seconds per build).
        writer.doc("The catalogue entries of this code; empty for a code the catalogue does not know.")
        writer.block("public var variants: [ErrorCodeVariant]") { writer in
            writer.block("switch rawValue") { writer in
                for code in catalogue.codes {
                    writer.line("case \(SwiftLiteral.string(code.member.rawValue)):")
                    writer.line("    return [")
                    for variant in code.variants {
                        writer.line(
                            "        ErrorCodeVariant(name: \(SwiftLiteral.string(variant.name)), httpStatus: \(variant.status.map(String.init) ?? "nil"), "
                                + "shortMessage: \(SwiftLiteral.optionalString(variant.shortMessage)), "
                                + "longMessage: \(SwiftLiteral.optionalString(variant.longMessage))),"
                        )
                    }
                    writer.line("    ]")
                }
                writer.line("default:")
                writer.line("    return []")
            }
        }
        writer.line()
        writer.doc("The HTTP status of the code's first catalogue entry that gives one.")
        writer.line("public var httpStatus: Int? { variants.lazy.compactMap(\\.httpStatus).first }")
    }

    private func documentation(_ code: ResolvedErrorCode) -> String {
        var parts: [String] = []
        if let doc = code.member.doc { parts.append(doc) }
        for variant in code.variants {
            let message = variant.shortMessage.map { ": \($0)" } ?? ""
            let status = variant.status.map { " (HTTP \($0))" } ?? ""
            parts.append("`\(variant.name)`\(status)\(message)")
        }
        return parts.joined(separator: "\n\n")
    }
}
