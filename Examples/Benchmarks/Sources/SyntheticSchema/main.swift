// Writes a synthetic schema FACTOR times the size of a real one, for the generator-scaling benchmark:
// copy 0 is the real schema; copy k renames every declared type (Name -> NameV<k>), endpoint,
// operationId and error code, moves its paths under /v1/copy<k>, and drops the envelope (one per schema).
//
// Usage: SyntheticSchema SCHEMA_DIR FACTOR OUTPUT_DIR
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let factor = Int(arguments[arguments.startIndex + 1]), factor >= 1 else {
    FileHandle.standardError.write(Data("usage: SyntheticSchema SCHEMA_DIR FACTOR OUTPUT_DIR\n".utf8))
    exit(64)
}
let schemaDirectory = URL(fileURLWithPath: arguments[arguments.startIndex])
let outputDirectory = URL(fileURLWithPath: arguments[arguments.startIndex + 2])

// extensions.json is schema-drift's list of deliberate extensions, not a schema document.
let files = try FileManager.default.contentsOfDirectory(atPath: schemaDirectory.path)
    .filter { $0.hasSuffix(".json") && $0 != "extensions.json" }
    .sorted()
let documents = try files.map { name in
    (name, try JSONSerialization.jsonObject(with: Data(contentsOf: schemaDirectory.appendingPathComponent(name))))
}

let declared = Set(documents.flatMap { declaredTypeNames(in: $0.1) })
try? FileManager.default.removeItem(at: outputDirectory)
try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)

for copy in 0..<factor {
    var renamer = SchemaRenamer(copy: copy, declaredTypes: declared)
    for (name, document) in documents {
        let fileName = copy == 0 ? name : name.replacingOccurrences(of: ".json", with: "_v\(copy).json")
        let data = try JSONSerialization.data(withJSONObject: renamer.document(document), options: [.sortedKeys])
        try data.write(to: outputDirectory.appendingPathComponent(fileName))
    }
}
print("Wrote \(documents.count * factor) schema files (\(factor)x \(schemaDirectory.path)) to \(outputDirectory.path)")
