/// Renders the error-code catalogue: an open code type with a constant per code and the
/// catalogue entries (HTTP status, messages) of each.
struct ErrorCatalogueRenderer {
    let catalogue: ErrorCatalogueDecl

    func render(into writer: inout SwiftWriter) {
        let name = catalogue.typeName
        writer.doc("An error code of the Frontend API (\(catalogue.codes.count) known codes).\n\nOpen: codes the catalogue does not know decode and round-trip.")
        writer.block("public struct \(name): OpenStringValue") { writer in
            writer.line("public let rawValue: String")
            writer.line()
            writer.block("public init(rawValue: String)") { writer in
                writer.line("self.rawValue = rawValue")
            }
            for code in catalogue.codes {
                writer.line()
                writer.doc(documentation(code))
                writer.line("public static let \(member(code)) = \(name)(rawValue: \(SwiftLiteral.string(code.code)))")
            }
            writer.line()
            writer.line("public static let knownValues: [\(name)] = [")
            for code in catalogue.codes { writer.line("    .\(member(code)),") }
            writer.line("]")
            writer.line()
            // A switch statement with a return per case, not a switch expression: the type checker solves an
            // expression of hundreds of array-literal branches as one constraint system (seconds per build).
            writer.doc("The catalogue entries of this code; empty for a code the catalogue does not know.")
            writer.block("public var variants: [ErrorCodeVariant]") { writer in
                writer.block("switch rawValue") { writer in
                    for code in catalogue.codes {
                        writer.line("case \(SwiftLiteral.string(code.code)):")
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
    }

    private func member(_ code: ErrorCodeDecl) -> String {
        Naming.escaped(Naming.lowerCamel(code.code) ?? code.code)
    }

    private func documentation(_ code: ErrorCodeDecl) -> String {
        var parts: [String] = []
        if let doc = code.doc { parts.append(doc) }
        for variant in code.variants {
            let message = variant.shortMessage.map { ": \($0)" } ?? ""
            let status = variant.status.map { " (HTTP \($0))" } ?? ""
            parts.append("`\(variant.name)`\(status)\(message)")
        }
        return parts.joined(separator: "\n\n")
    }
}
