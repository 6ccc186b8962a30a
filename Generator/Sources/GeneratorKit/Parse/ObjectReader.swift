/// Reads the keys of one JSON object of a schema file, collecting a diagnostic for each
/// missing key, wrong type and unknown key instead of stopping at the first.
struct ObjectReader {
    let file: String
    let path: String
    private let members: [String: JSONTree]
    private var readKeys: Set<String> = []
    private let sink: DiagnosticSink

    init?(_ tree: JSONTree, file: String, path: String, sink: DiagnosticSink) {
        guard case .object(let members) = tree else {
            sink.report(SchemaLocation(file: file, path: path), "expected an object, found \(tree.kindName)")
            return nil
        }
        self.file = file
        self.path = path
        self.members = members
        self.sink = sink
    }

    var location: SchemaLocation { SchemaLocation(file: file, path: path) }

    func location(of key: String) -> SchemaLocation { SchemaLocation(file: file, path: "\(path).\(key)") }

    private mutating func value(_ key: String, required: Bool) -> JSONTree? {
        readKeys.insert(key)
        guard let value = members[key] else {
            if required { sink.report(location, "missing required key '\(key)'") }
            return nil
        }
        return value
    }

    mutating func string(_ key: String, required: Bool = false) -> String? {
        guard let value = value(key, required: required) else { return nil }
        guard case .string(let text) = value else {
            sink.report(location(of: key), "expected a string, found \(value.kindName)")
            return nil
        }
        return text
    }

    mutating func bool(_ key: String, default defaultValue: Bool = false) -> Bool {
        guard let value = value(key, required: false) else { return defaultValue }
        guard case .bool(let flag) = value else {
            sink.report(location(of: key), "expected a boolean, found \(value.kindName)")
            return defaultValue
        }
        return flag
    }

    mutating func integer(_ key: String, required: Bool = false) -> Int? {
        guard let value = value(key, required: required) else { return nil }
        guard case .number(let number) = value, let integer = Int(exactly: number) else {
            sink.report(location(of: key), "expected an integer, found \(value.kindName)")
            return nil
        }
        return integer
    }

    /// A string member that must be the raw value of one of `Value`'s cases; `problem` words the
    /// diagnostic for any other string.
    mutating func choice<Value: RawRepresentable>(
        _ key: String, required: Bool = false, problem: (String) -> String
    ) -> Value? where Value.RawValue == String {
        guard let text = string(key, required: required) else { return nil }
        guard let value = Value(rawValue: text) else {
            sink.report(location(of: key), problem(text))
            return nil
        }
        return value
    }

    /// The elements of an array member, each with its JSON path.
    mutating func array(_ key: String, required: Bool = false) -> [(tree: JSONTree, path: String)] {
        guard let value = value(key, required: required) else { return [] }
        guard case .array(let elements) = value else {
            sink.report(location(of: key), "expected an array, found \(value.kindName)")
            return []
        }
        return elements.enumerated().map { ($0.element, "\(path).\(key)[\($0.offset)]") }
    }

    mutating func object(_ key: String, required: Bool = false) -> ObjectReader? {
        guard let value = value(key, required: required) else { return nil }
        return ObjectReader(value, file: file, path: "\(path).\(key)", sink: sink)
    }

    /// Reports every key that no read asked for (a typo must not pass silently).
    func rejectUnknownKeys() {
        for key in members.keys.sorted() where !readKeys.contains(key) {
            sink.report(location(of: key), "unknown key '\(key)'")
        }
    }
}
