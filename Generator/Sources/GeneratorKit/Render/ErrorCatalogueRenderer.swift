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
            // swift-format puts case labels at the indentation of their switch.
            writer.line("switch rawValue {")
            for code in catalogue.codes {
                writer.line("case \(SwiftLiteral.string(code.member.rawValue)):")
                writer.indented { writer in
                    writer.line("return [")
                    writer.indented { writer in
                        for variant in code.variants {
                            renderVariant(variant, trailingComma: code.variants.count > 1, into: &writer)
                        }
                    }
                    writer.line("]")
                }
            }
            writer.line("default:")
            writer.indented { $0.line("return []") }
            writer.line("}")
        }
        writer.line()
        writer.doc("The HTTP status of the code's first catalogue entry that gives one.")
        writer.line("public var httpStatus: Int? { variants.lazy.compactMap(\\.httpStatus).first }")
    }

    /// One initializer call: on one line when it fits, else an argument per line (and a long message
    /// on a line of its own after its label).
    private func renderVariant(_ variant: ErrorVariantDecl, trailingComma: Bool, into writer: inout SwiftWriter) {
        let arguments = [
            ("name", SwiftLiteral.string(variant.name)),
            ("httpStatus", variant.status.map(String.init) ?? "nil"),
            ("shortMessage", SwiftLiteral.optionalString(variant.shortMessage)),
            ("longMessage", SwiftLiteral.optionalString(variant.longMessage)),
        ]
        let comma = trailingComma ? "," : ""
        let call = "ErrorCodeVariant(" + arguments.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ")" + comma
        guard !writer.fits(call) else {
            writer.line(call)
            return
        }
        writer.line("ErrorCodeVariant(")
        writer.indented { writer in
            for (index, (label, value)) in arguments.enumerated() {
                let separator = index == arguments.count - 1 ? "" : ","
                if writer.fits("\(label): \(value)\(separator)") {
                    writer.line("\(label): \(value)\(separator)")
                } else {
                    writer.line("\(label):")
                    writer.indented { $0.line(value + separator) }
                }
            }
        }
        writer.line(")" + comma)
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
