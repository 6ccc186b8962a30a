/// Each addition as an edit of a schema document's JSON.
enum SchemaEdits {
    static func applying(_ addition: SchemaAddition, to document: OrderedJSON) -> OrderedJSON {
        switch addition {
        case .field(_, let resource, let name, let type, let nullable, let doc):
            var entries: [(key: String, value: OrderedJSON)] = [("name", .string(name)), ("type", .string(type)), ("required", .literal("false"))]
            if nullable { entries.append(("nullable", .literal("true"))) }
            if let doc { entries.append(("doc", .string(doc))) }
            return appending(.object(entries), in: document, path: [("resources", resource), ("fields", nil)])
        case .formField(_, let endpoint, let section, let name, let type, let doc):
            var entries: [(key: String, value: OrderedJSON)] = [("name", .string(name)), ("type", .string(type)), ("required", .literal("false"))]
            if let doc { entries.append(("doc", .string(doc))) }
            return appending(.object(entries), in: document, path: [("endpoints", endpoint), (section, nil)])
        case .enumValue(_, let enumName, let value):
            return appending(.object([("value", .string(value))]), in: document, path: [("enums", enumName), ("values", nil)])
        case .errorCode(_, let code, let variants):
            let entry = OrderedJSON.object([("code", .string(code)), ("variants", .array(variants.map(variant)))])
            return inserting(code: code, entry: entry, in: document)
        case .errorVariant(_, let code, let entry):
            return appendingVariant(variant(entry), toCode: code, in: document)
        }
    }

    private static func variant(_ entry: CatalogueEntry) -> OrderedJSON {
        var entries: [(key: String, value: OrderedJSON)] = [("name", .string(entry.name))]
        if let status = entry.status { entries.append(("status", .literal(String(status)))) }
        if let short = entry.shortMessage { entries.append(("shortMessage", .string(short))) }
        if let long = entry.longMessage { entries.append(("longMessage", .string(long))) }
        return .object(entries)
    }

    /// Appends `item` to the array at `path`: each step names a key and, for arrays of named
    /// declarations, the `name` of the element to go into (nil for the last step, the array itself).
    private static func appending(_ item: OrderedJSON, in node: OrderedJSON, path: ArraySlice<(String, String?)>) -> OrderedJSON {
        guard let (key, name) = path.first, case .object(var entries) = node else { return node }
        guard let index = entries.firstIndex(where: { $0.key == key }) else {
            // An endpoint without a query or body yet gets one.
            if name == nil { entries.append((key, .array([item]))) }
            return .object(entries)
        }
        switch (entries[index].value, name) {
        case (.array(let items), nil):
            entries[index].value = .array(items + [item])
        case (.array(var items), let name?):
            guard let element = items.firstIndex(where: { $0["name"]?.stringValue == name }) else { return node }
            items[element] = appending(item, in: items[element], path: path.dropFirst())
            entries[index].value = .array(items)
        default:
            return node
        }
        return .object(entries)
    }

    private static func appending(_ item: OrderedJSON, in node: OrderedJSON, path: [(String, String?)]) -> OrderedJSON {
        appending(item, in: node, path: path[...])
    }

    /// Inserts an error code where its name sorts among the catalogue's codes.
    private static func inserting(code: String, entry: OrderedJSON, in document: OrderedJSON) -> OrderedJSON {
        editingCodes(in: document) { codes in
            codes.insert(entry, at: codes.firstIndex { ($0["code"]?.stringValue ?? "") > code } ?? codes.endIndex)
        }
    }

    /// Appends a catalogue entry to the variants of an existing code.
    private static func appendingVariant(_ variant: OrderedJSON, toCode code: String, in document: OrderedJSON) -> OrderedJSON {
        editingCodes(in: document) { codes in
            guard let index = codes.firstIndex(where: { $0["code"]?.stringValue == code }), case .object(var entries) = codes[index],
                let variants = entries.firstIndex(where: { $0.key == "variants" }), case .array(let list) = entries[variants].value
            else { return }
            entries[variants].value = .array(list + [variant])
            codes[index] = .object(entries)
        }
    }

    /// The document with its error catalogue's `codes` edited; unchanged when it has none.
    private static func editingCodes(in document: OrderedJSON, _ edit: (inout [OrderedJSON]) -> Void) -> OrderedJSON {
        guard case .object(var entries) = document, let catalogueIndex = entries.firstIndex(where: { $0.key == "errorCodes" }),
            case .object(var catalogue) = entries[catalogueIndex].value, let codesIndex = catalogue.firstIndex(where: { $0.key == "codes" }),
            case .array(var codes) = catalogue[codesIndex].value
        else { return document }
        edit(&codes)
        catalogue[codesIndex].value = .array(codes)
        entries[catalogueIndex].value = .object(catalogue)
        return .object(entries)
    }
}
