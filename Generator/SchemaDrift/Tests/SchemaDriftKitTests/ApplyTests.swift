import Foundation
import GeneratorKit
import Testing

@testable import SchemaDriftKit

/// `--apply` on a copy of Schema/ writes the additive changes, and the regenerated code compiles.
@Suite(.enabled(if: ReferenceFiles.present, "needs Clerk's Frontend API spec and error catalogue: CLERK_FAPI_SPEC, or ../shared/reference"))
struct ApplyTests {
    /// A variant with one of each additive change, and its report.
    private func additiveVariantReport() throws -> DriftReport {
        var variant = try SpecVariant()
        try variant.editProperties(of: "Client.SignIn") {
            $0["preferred_strategy"] = .string(required: false, description: "The strategy the user used last.")
            $0["status"] = $0["status"]?.allowing(adding: "needs_passkey")
        }
        try variant.editFormBody(ofPostAt: "/v1/client/sign_ins") { $0["device_name"] = .string(required: false, description: "A name for the device.") }
        variant.catalogue.append(
            CatalogueEntry(
                name: "PasskeyRevoked", code: "passkey_revoked", status: 410, shortMessage: "Passkey revoked", longMessage: "This passkey was revoked.")
        )
        variant.catalogue.append(
            CatalogueEntry(name: "FormPasswordIncorrectAgain", code: "form_password_incorrect", status: 422, shortMessage: nil, longMessage: nil)
        )
        return try variant.report()
    }

    private func copyOfSchema() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("schema-drift-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ReferenceFiles.schemaDirectory, to: copy)
        return copy
    }

    @Test func applyWritesOnlyAdditionsAndTheGeneratedCodeCompiles() throws {
        let report = try additiveVariantReport()
        let copy = try copyOfSchema()
        defer { try? FileManager.default.removeItem(at: copy) }
        let changed = try SchemaApplier(schemaDirectory: copy).apply(report.additions)
        #expect(changed == ["endpoints.json", "enums.json", "errors.json", "sign_in.json"])

        // The applied schema compares clean for what was applied.
        let schema = try SchemaDrift.loadSchema(copy)
        let fields = schema.documents.flatMap(\.resources).first { $0.name == "SignIn" }?.fields
        let added = try #require(fields?.first { $0.name == "preferred_strategy" })
        #expect(added.required == false)
        #expect(added.doc == "The strategy the user used last.")
        let codes = schema.documents.compactMap(\.errorCatalogue).flatMap(\.codes)
        let code = try #require(codes.first { $0.code == "passkey_revoked" })
        #expect(code.variants.map(\.status) == [410])
        #expect(codes.map(\.code) == codes.map(\.code).sorted())
        #expect(codes.first { $0.code == "form_password_incorrect" }?.variants.last?.name == "FormPasswordIncorrectAgain")

        // Regenerate (without the ClerkWire import) and type-check with ClerkWire's sources as one module.
        let files = try Generation.generate(schemaDirectory: copy, imports: [])
        let output = copy.appendingPathComponent("Generated")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        for file in files {
            try Data(file.contents.utf8).write(to: output.appendingPathComponent(file.name))
        }
        let signIn = try #require(files.first { $0.name == "SignIn.swift" }?.contents)
        #expect(signIn.contains("preferredStrategy"))
        #expect(try #require(files.first { $0.name == "Endpoints.swift" }?.contents).contains("deviceName"))
        let result = try SwiftCompiler.typecheck(
            Self.swiftFiles(in: ReferenceFiles.repository.appendingPathComponent("Sources/ClerkWire")) + Self.swiftFiles(in: output)
        )
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func applyOnTodaysSpecLeavesErrorsAndWarningsAlone() throws {
        var variant = try SpecVariant()
        try variant.editProperties(of: "Client.SignIn") { $0["abandon_at"] = nil }
        let report = try variant.report()
        #expect(report.changes.contains { $0.level == .error })
        #expect(report.changes.filter { $0.level != .info }.allSatisfy { $0.addition == nil })
        let copy = try copyOfSchema()
        defer { try? FileManager.default.removeItem(at: copy) }
        try SchemaApplier(schemaDirectory: copy).apply(report.additions)
        let schema = try SchemaDrift.loadSchema(copy)
        #expect(schema.documents.flatMap(\.resources).first { $0.name == "SignIn" }?.fields.contains { $0.name == "abandon_at" } == true)
    }

    private static func swiftFiles(in directory: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.map(\.path).sorted()
    }
}

/// `swiftc -typecheck`: the cheapest way to know generated code compiles.
enum SwiftCompiler {
    static func typecheck(_ files: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "GeneratedCheck"] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
