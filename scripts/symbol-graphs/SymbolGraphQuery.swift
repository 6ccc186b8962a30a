// Reads symbol graph files (the JSON that swift-symbolgraph-extract writes) and prints what
// scripts/check-public-names asks for. Run with the toolchain's interpreter:
//
//   swift scripts/symbol-graphs/SymbolGraphQuery.swift types FILE...
//       One line per public top-level type: "<module>\t<name>", sorted.
//   swift scripts/symbol-graphs/SymbolGraphQuery.swift undocumented INCLUDED EXCLUDED FILE...
//       One line per public declaration in a file under the folder INCLUDED (but not under the
//       folder EXCLUDED) that has no doc comment of its own (extract with -skip-inherited-docs):
//       "<path relative to the current folder>:<line>: <kind> <Type.member>", sorted.
import Foundation

struct SymbolGraph: Decodable {
    struct Module: Decodable { let name: String }
    struct Symbol: Decodable {
        struct Kind: Decodable {
            let identifier: String
            let displayName: String
        }
        struct Location: Decodable {
            struct Position: Decodable { let line: Int }
            let uri: String
            let position: Position
        }
        struct DocComment: Decodable {
            struct Line: Decodable { let text: String }
            let lines: [Line]
        }
        let kind: Kind
        let pathComponents: [String]
        let accessLevel: String
        let location: Location?
        let docComment: DocComment?
    }
    let module: Module
    let symbols: [Symbol]
}

/// Declaration kinds that introduce a type name into the module's top-level namespace.
let typeKinds: Set<String> = [
    "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.actor", "swift.typealias",
]
let publicLevels: Set<String> = ["public", "open"]

func load(_ path: String) throws -> SymbolGraph {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    do {
        return try JSONDecoder().decode(SymbolGraph.self, from: data)
    } catch {
        throw QueryError("cannot read the symbol graph \(path): \(error)")
    }
}

struct QueryError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func topLevelTypes(_ files: [String]) throws -> [String] {
    var lines = Set<String>()
    for file in files {
        let graph = try load(file)
        for symbol in graph.symbols
        where symbol.pathComponents.count == 1 && typeKinds.contains(symbol.kind.identifier)
            && publicLevels.contains(symbol.accessLevel)
        {
            lines.insert("\(graph.module.name)\t\(symbol.pathComponents[0])")
        }
    }
    return lines.sorted()
}

func undocumented(included: String, excluded: String, _ files: [String]) throws -> [String] {
    let includedPrefix = URL(fileURLWithPath: included).standardizedFileURL.path + "/"
    let currentPrefix = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path + "/"
    let excludedPrefix = URL(fileURLWithPath: excluded).standardizedFileURL.path + "/"
    var lines = Set<String>()
    for file in files {
        for symbol in try load(file).symbols where publicLevels.contains(symbol.accessLevel) {
            guard let location = symbol.location, let url = URL(string: location.uri) else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(includedPrefix), !path.hasPrefix(excludedPrefix) else { continue }
            let text = symbol.docComment?.lines.map(\.text).joined() ?? ""
            guard text.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let relative = path.hasPrefix(currentPrefix) ? String(path.dropFirst(currentPrefix.count)) : path
            let name = symbol.pathComponents.joined(separator: ".")
            lines.insert("\(relative):\(location.position.line + 1): \(symbol.kind.displayName.lowercased()) \(name)")
        }
    }
    return lines.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "types":
        try topLevelTypes(Array(arguments.dropFirst())).forEach { print($0) }
    case "undocumented" where arguments.count >= 3:
        try undocumented(included: arguments[1], excluded: arguments[2], Array(arguments.dropFirst(3)))
            .forEach { print($0) }
    default:
        throw QueryError("usage: SymbolGraphQuery.swift types FILE... | undocumented INCLUDED EXCLUDED FILE...")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
