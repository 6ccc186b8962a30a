/// Compares each enumeration with the union of the values the spec allows where the schema uses it.
/// An enumeration the spec never constrains (form fields the spec types as plain strings) is not compared.
struct EnumComparison {
    let index: SchemaIndex
    let extensions: ExtensionList

    func compare(_ observations: EnumObservations, into result: inout ComparisonResult) {
        for (name, entry) in index.enums.sorted(by: { $0.key < $1.key }) {
            guard let specValues = observations.valuesByEnum[name] else { continue }
            let ours = entry.decl.values.map(\.value)
            let place = "\(entry.file) \(name)"
            for value in ours where !specValues.contains(value) {
                if let listed = extensions.entry(enumName: name, value: value) {
                    result.extensions.append(listed)
                } else {
                    result.add(.warning, "enum-value-removed", "\(place).\(value)", "the spec does not allow \(value) where the schema uses \(name)")
                }
            }
            for value in specValues where !ours.contains(value) {
                result.add(
                    .info, "enum-value-added", "\(place).\(value)", "the spec allows \(value) where the schema uses \(name)",
                    .enumValue(file: entry.file, enumName: name, value: value)
                )
            }
        }
    }
}
