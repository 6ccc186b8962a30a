/// A request body that writes itself as form fields.
public protocol FormEncodable: Sendable {
    /// The form fields of this body, in wire order.
    func formFields() -> FormFields
}

/// A request body that reads itself from form fields, as a server does.
public protocol FormDecodable: Sendable {
    /// Reads a body from form fields, throwing an error that names the parameter.
    init(form: FormFields) throws(FormDecodingError)
}

/// A body that encodes to and decodes from a form.
public typealias FormCodable = FormEncodable & FormDecodable

/// The body of an endpoint that takes no parameters.
public struct EmptyFormBody: FormCodable, Hashable {
    /// The empty body.
    public init() {}
    /// No fields.
    public func formFields() -> FormFields { FormFields() }
    /// Reads an empty body; throws when the form has any field.
    public init(form: FormFields) throws(FormDecodingError) {
        try FormReader(form).finish()
    }
}

/// Writes typed values as form fields, per the wire rules: booleans as `true`/`false`,
/// string arrays as repeated keys, nested objects as one JSON string.
public struct FormWriter: Sendable {
    /// The fields written so far.
    public private(set) var fields = FormFields()

    /// A writer with no fields yet.
    public init() {}

    /// Writes `value` under `name`; nothing when nil.
    public mutating func write(_ name: String, _ value: String?) {
        if let value { fields.append(name, value) }
    }

    /// Writes `true` or `false` under `name`; nothing when nil.
    public mutating func write(_ name: String, _ value: Bool?) {
        if let value { fields.append(name, value ? "true" : "false") }
    }

    /// Writes the decimal `value` under `name`; nothing when nil.
    public mutating func write(_ name: String, _ value: Int?) {
        if let value { fields.append(name, String(value)) }
    }

    /// Writes each of `values` under `name`; nothing when nil.
    public mutating func write(_ name: String, _ values: [String]?) {
        for value in values ?? [] { fields.append(name, value) }
    }

    /// Writes `value` as compact JSON text under `name`; nothing when nil.
    public mutating func write(_ name: String, _ value: JSONValue?) {
        if let value { fields.append(name, value.jsonText()) }
    }
}

/// Reads typed values from form fields and remembers which names it read, so that
/// `finish()` can refuse parameters the endpoint does not take.
public struct FormReader: Sendable {
    private let form: FormFields
    private var read: Set<String> = []

    /// A reader of `form`.
    public init(_ form: FormFields) {
        self.form = form
    }

    private mutating func single(_ name: String) throws(FormDecodingError) -> String? {
        read.insert(name)
        let values = form.values(named: name)
        guard values.count <= 1 else { throw .duplicate(parameter: name) }
        return values.first
    }

    /// The value of `name`, or nil when absent.
    public mutating func string(_ name: String) throws(FormDecodingError) -> String? {
        try single(name)
    }

    /// The value of `name`; throws when absent.
    public mutating func requiredString(_ name: String) throws(FormDecodingError) -> String {
        guard let value = try single(name), !value.isEmpty else { throw .missing(parameter: name) }
        return value
    }

    /// Accepts `true`/`false` (Clerk's JS SDK) and `1`/`0` (Clerk's iOS SDK).
    public mutating func bool(_ name: String) throws(FormDecodingError) -> Bool? {
        guard let value = try single(name) else { return nil }
        switch value.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw .invalidFormat(parameter: name, expected: "a boolean (true, false, 1 or 0)")
        }
    }

    /// The boolean value of `name`; throws when absent or not a boolean.
    public mutating func requiredBool(_ name: String) throws(FormDecodingError) -> Bool {
        guard let value = try bool(name) else { throw .missing(parameter: name) }
        return value
    }

    /// The integer value of `name`, or nil when absent; throws when not an integer.
    public mutating func int(_ name: String) throws(FormDecodingError) -> Int? {
        guard let value = try single(name) else { return nil }
        guard let integer = Int(value) else { throw .invalidFormat(parameter: name, expected: "an integer") }
        return integer
    }

    /// The integer value of `name`; throws when absent or not an integer.
    public mutating func requiredInt(_ name: String) throws(FormDecodingError) -> Int {
        guard let value = try int(name) else { throw .missing(parameter: name) }
        return value
    }

    /// A string array: repeated `name` keys, also accepting the `name[]` spelling.
    public mutating func strings(_ name: String) throws(FormDecodingError) -> [String]? {
        read.insert(name)
        read.insert(name + "[]")
        let values = form.values(named: name) + form.values(named: name + "[]")
        return values.isEmpty ? nil : values
    }

    /// Every value of `name`; throws when there is none.
    public mutating func requiredStrings(_ name: String) throws(FormDecodingError) -> [String] {
        guard let values = try strings(name) else { throw .missing(parameter: name) }
        return values
    }

    /// A nested object sent as one JSON string.
    public mutating func json(_ name: String) throws(FormDecodingError) -> JSONValue? {
        guard let value = try single(name) else { return nil }
        do {
            return try JSONValue(jsonText: value)
        } catch {
            throw .invalidFormat(parameter: name, expected: "a JSON value")
        }
    }

    /// The value of `name` parsed as JSON; throws when absent or not JSON.
    public mutating func requiredJSON(_ name: String) throws(FormDecodingError) -> JSONValue {
        guard let value = try json(name) else { throw .missing(parameter: name) }
        return value
    }

    /// Throws `unknown` for the first parameter that nothing read.
    public func finish() throws(FormDecodingError) {
        if let stray = form.names.first(where: { !read.contains($0) }) {
            throw .unknown(parameter: stray)
        }
    }
}
