/// The values the spec allows wherever a schema enumeration is used, gathered while comparing
/// fields; an enumeration is compared against their union.
struct EnumObservations {
    private(set) var valuesByEnum: [String: [String]] = [:]

    mutating func record(_ enumName: String, _ values: [String]?) {
        guard let values else { return }
        let known = valuesByEnum[enumName] ?? []
        valuesByEnum[enumName] = known + values.filter { !known.contains($0) }
    }
}
