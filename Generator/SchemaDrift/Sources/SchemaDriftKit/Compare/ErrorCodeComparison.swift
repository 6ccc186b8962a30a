import GeneratorKit

/// Compares the schema's error catalogue with the codes Clerk's catalogue marks `usage.fapi`.
struct ErrorCodeComparison {
    let catalogue: [CatalogueEntry]
    let extensions: ExtensionList

    func compare(_ decl: ErrorCatalogueDecl, file: String, into result: inout ComparisonResult) {
        var frontendCodes: [String] = []
        var entriesByCode: [String: [CatalogueEntry]] = [:]
        // The catalogue has entries without a code; they name nothing a response carries.
        for entry in catalogue where entry.frontendAPI && !entry.code.isEmpty {
            if entriesByCode[entry.code] == nil { frontendCodes.append(entry.code) }
            entriesByCode[entry.code, default: []].append(entry)
        }
        let ours = Set(decl.codes.map(\.code))
        let place = "\(file) \(decl.typeName)"
        for code in decl.codes where entriesByCode[code.code] == nil {
            if let listed = extensions.entry(errorCode: code.code) {
                result.extensions.append(listed)
                continue
            }
            result.add(.warning, "error-code-removed", "\(place).\(code.code)", "the catalogue does not list \(code.code) for the Frontend API")
        }
        for code in frontendCodes.sorted() where !ours.contains(code) {
            let entries = entriesByCode[code] ?? []
            let status = entries.compactMap(\.status).first.map { " (\($0))" } ?? ""
            result.add(
                .info, "error-code-added", "\(place).\(code)", "the catalogue lists \(code)\(status) for the Frontend API",
                .errorCode(file: file, code: code, variants: entries)
            )
        }
        for code in decl.codes {
            guard let entries = entriesByCode[code.code] else { continue }
            let knownNames = Set(code.variants.map(\.name))
            for entry in entries where !knownNames.contains(entry.name) {
                result.add(
                    .info, "error-code-variant-added", "\(place).\(code.code)", "the catalogue has a new entry \(entry.name) for \(code.code)",
                    .errorVariant(file: file, code: code.code, variant: entry)
                )
            }
            // A new entry's status is reported with the entry; this compares the entries both have.
            let theirs = Set(entries.filter { knownNames.contains($0.name) }.compactMap(\.status))
            let known = Set(code.variants.compactMap(\.status))
            if !theirs.isSubset(of: known) {
                result.add(
                    .info, "error-code-status-changed", "\(place).\(code.code)",
                    "the catalogue gives status \(theirs.sorted().map(String.init).joined(separator: ", ")), the schema \(known.sorted().map(String.init).joined(separator: ", "))"
                )
            }
        }
    }
}
