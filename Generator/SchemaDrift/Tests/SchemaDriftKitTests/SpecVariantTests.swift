import Foundation
import OpenAPIKit30
import Testing

@testable import SchemaDriftKit

/// Each kind of change Clerk's spec could make, built from the real spec, is reported at its level.
@Suite(.enabled(if: ReferenceFiles.present, "needs Clerk's Frontend API spec and error catalogue: CLERK_FAPI_SPEC, or ../shared/reference"))
struct SpecVariantTests {
    @Test func todaysSpecHasNoErrorOrWarning() throws {
        let report = try SpecVariant().report()
        #expect(report.changes.filter { $0.level == .error }.map { "\($0.location): \($0.message)" } == [])
        // A value the schema adds to an enumeration (a strategy Clerk's SDKs send) is listed in
        // extensions.json with its evidence, not reported as removed.
        #expect(report.changes.filter { $0.level == .warning }.map { "\($0.location): \($0.message)" } == [])
        #expect(report.changes.contains { $0.kind == "operation-uncovered" }, "the spec's operations the schema does not cover are listed")
    }

    @Test func theReadmeShowsTodaysSummary() throws {
        let report = try SpecVariant().report()
        let summary = ReportFormat.text.render(report).split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
            .dropFirst().joined(separator: "\n")
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../CONTRIBUTING.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let marker = try #require(text.range(of: "schema-drift: Schema/ against fapi-2026-05-12.yml; error codes against api_errors.json\n"))
        let block = try #require(text[marker.upperBound...].range(of: "\n```")).lowerBound
        #expect(String(text[marker.upperBound..<block]) == summary, "CONTRIBUTING.md's 'When Clerk's API changes' block shows today's summary")
    }

    @Test func aRemovedRequiredFieldIsAnError() throws {
        var variant = try SpecVariant()
        try variant.editProperties(of: "Client.SignIn") { $0["abandon_at"] = nil }
        let changes = try variant.report().changes(at: "sign_in.json SignIn.abandon_at")
        #expect(changes.map(\.kind) == ["field-removed"])
        #expect(changes.map(\.level) == [.error])
    }

    @Test func aRemovedOptionalFieldIsAWarning() throws {
        var variant = try SpecVariant()
        try variant.editProperties(of: "Client.SignIn") { $0["client_trust_state"] = nil }
        let changes = try variant.report().changes(at: "sign_in.json SignIn.client_trust_state")
        #expect(changes.map(\.kind) == ["field-removed"])
        #expect(changes.map(\.level) == [.warning])
    }

    @Test func aChangedTypeIsAnError() throws {
        var variant = try SpecVariant()
        try variant.editProperties(of: "Client.SignIn") { $0["abandon_at"] = .string(required: true) }
        let changes = try variant.report().changes(at: "sign_in.json SignIn.abandon_at")
        #expect(changes.map(\.kind) == ["field-type-changed"])
        #expect(changes.map(\.level) == [.error])
    }

    @Test func aRequiredFieldBecomingNullableIsAnError() throws {
        var variant = try SpecVariant()
        try variant.editProperties(of: "Client.SignIn") { $0["id"] = .string(required: true, nullable: true) }
        let changes = try variant.report().changes(at: "sign_in.json SignIn.id")
        #expect(changes.map(\.kind) == ["field-became-nullable"])
        #expect(changes.map(\.level) == [.error])
    }

    @Test func anAddedEnumValueIsInfoAndApplicable() throws {
        var variant = try SpecVariant()
        try variant.editProperties(of: "Client.SignIn") { $0["status"] = $0["status"]?.allowing(adding: "needs_passkey") }
        let changes = try variant.report().changes(at: "enums.json SignInStatus.needs_passkey")
        #expect(changes.map(\.kind) == ["enum-value-added"])
        #expect(changes.map(\.level) == [.info])
        #expect(changes.first?.addition == .enumValue(file: "enums.json", enumName: "SignInStatus", value: "needs_passkey"))
    }

    @Test func aRemovedEnumValueIsAWarning() throws {
        var variant = try SpecVariant()
        try variant.editProperties(of: "Client.SignIn") { $0["status"] = $0["status"]?.allowing(removing: "needs_protect_check") }
        let changes = try variant.report().changes(at: "enums.json SignInStatus.needs_protect_check")
        #expect(changes.map(\.kind) == ["enum-value-removed"])
        #expect(changes.map(\.level) == [.warning])
    }

    @Test func anAddedOptionalFieldIsInfoWithTheSpecsDescription() throws {
        var variant = try SpecVariant()
        try variant.editProperties(of: "Client.SignIn") {
            $0["preferred_strategy"] = .string(required: false, nullable: true, description: "The strategy the user used last.")
        }
        let changes = try variant.report().changes(at: "sign_in.json SignIn.preferred_strategy")
        #expect(changes.map(\.kind) == ["field-uncovered"])
        #expect(changes.map(\.level) == [.info])
        #expect(
            changes.first?.addition
                == .field(
                    file: "sign_in.json", resource: "SignIn", name: "preferred_strategy", type: "string", nullable: true,
                    doc: "The strategy the user used last.")
        )
    }

    @Test func aRequiredFormFieldTheSDKDoesNotSendIsAnError() throws {
        var variant = try SpecVariant()
        try variant.editFormBody(ofPostAt: "/v1/client/sign_ins") { $0["device_attestation"] = .string(required: true) }
        let changes = try variant.report().changes(at: "endpoints.json createSignIn body.device_attestation")
        #expect(changes.map(\.kind) == ["form-field-required-added"])
        #expect(changes.map(\.level) == [.error])
    }

    @Test func aFormFieldTheSDKSendsBecomingRequiredIsAWarning() throws {
        var variant = try SpecVariant()
        try variant.editFormBody(ofPostAt: "/v1/client/sign_ins") { $0["identifier"] = $0["identifier"]?.requiredSchemaObject() }
        let changes = try variant.report().changes(at: "endpoints.json createSignIn body.identifier")
        #expect(changes.map(\.kind) == ["form-field-became-required"])
        #expect(changes.map(\.level) == [.warning])
    }

    @Test func anAddedOptionalFormFieldIsInfoAndApplicable() throws {
        var variant = try SpecVariant()
        try variant.editFormBody(ofPostAt: "/v1/client/sign_ins") { $0["device_name"] = .string(required: false, description: "A name for the device.") }
        let changes = try variant.report().changes(at: "endpoints.json createSignIn body.device_name")
        #expect(changes.map(\.kind) == ["form-field-uncovered"])
        #expect(
            changes.first?.addition
                == .formField(
                    file: "endpoints.json", endpoint: "createSignIn", section: "body", name: "device_name", type: "string", doc: "A name for the device."))
    }

    @Test func anAddedOperationIsListedAsInfo() throws {
        var variant = try SpecVariant()
        variant.addOperation("createSignInPasskeyChallenge", at: "/v1/client/sign_ins/{sign_in_id}/passkey_challenge")
        let changes = try variant.report().changes(at: "operation createSignInPasskeyChallenge")
        #expect(changes.map(\.kind) == ["operation-uncovered"])
        #expect(changes.map(\.level) == [.info])
    }

    @Test func aRemovedOperationIsAnError() throws {
        var variant = try SpecVariant()
        variant.document.paths[OpenAPI.Path(rawValue: "/v1/client/sign_ins/{sign_in_id}/reset_password")] = nil
        let changes = try variant.report().changes(at: "endpoints.json resetPassword")
        #expect(changes.map(\.kind) == ["operation-removed"])
        #expect(changes.map(\.level) == [.error])
    }

    @Test func anAddedErrorCodeIsInfoWithItsMessageAndStatus() throws {
        var variant = try SpecVariant()
        let entry = CatalogueEntry(
            name: "PasskeyRevoked", code: "passkey_revoked", status: 410, shortMessage: "Passkey revoked", longMessage: "This passkey was revoked.")
        variant.catalogue.append(entry)
        let changes = try variant.report().changes(at: "errors.json ClerkErrorCode.passkey_revoked")
        #expect(changes.map(\.kind) == ["error-code-added"])
        #expect(changes.map(\.level) == [.info])
        #expect(changes.first?.addition == .errorCode(file: "errors.json", code: "passkey_revoked", variants: [entry]))
    }

    @Test func aNewCatalogueEntryOfAKnownCodeIsInfoAndApplicable() throws {
        var variant = try SpecVariant()
        let entry = CatalogueEntry(
            name: "FormPasswordIncorrectAgain", code: "form_password_incorrect", status: 422, shortMessage: "Password is incorrect", longMessage: nil
        )
        variant.catalogue.append(entry)
        let changes = try variant.report().changes(at: "errors.json ClerkErrorCode.form_password_incorrect")
        #expect(changes.map(\.kind) == ["error-code-variant-added"])
        #expect(changes.first?.addition == .errorVariant(file: "errors.json", code: "form_password_incorrect", variant: entry))
    }

    @Test func aListedExtensionIsReportedOnceAsSuchNeverAsDrift() throws {
        let report = try SpecVariant().report()
        #expect(report.changes(at: "sign_in.json SignIn.locale").isEmpty)
        #expect(report.extensions.filter { $0.subject == "SignIn.locale" }.count == 1)
        #expect(Set(report.extensions).count == report.extensions.count)
    }

    @Test func anUnlistedFieldTheSpecLacksIsDrift() throws {
        let schema = try #require(ReferenceFiles.schema)
        let report = SchemaDrift.compare(
            schema, extensions: ExtensionList(), spec: try #require(ReferenceFiles.spec), specName: "spec.yml", catalogue: nil, catalogueName: nil
        )
        #expect(report.changes(at: "sign_in.json SignIn.locale").map(\.level) == [.warning])
        #expect(report.extensions.isEmpty)
    }
    @Test func aListedEndpointTheSpecLacksIsAnExtensionWithItsFields() throws {
        let report = try SpecVariant().report()
        #expect(report.changes(at: "native_email_link.json completeNativeEmailLink").isEmpty)
        #expect(report.changes.filter { $0.location.hasPrefix("native_email_link.json completeNativeEmailLink") }.isEmpty)
        #expect(report.extensions.filter { $0.subject == "endpoint completeNativeEmailLink" }.count == 1)
    }

    @Test func anUnlistedEndpointTheSpecLacksIsAnError() throws {
        let schema = try #require(ReferenceFiles.schema)
        let report = SchemaDrift.compare(
            schema, extensions: ExtensionList(), spec: try #require(ReferenceFiles.spec), specName: "spec.yml", catalogue: nil, catalogueName: nil
        )
        #expect(report.changes(at: "native_email_link.json completeNativeEmailLink").map(\.kind) == ["operation-removed"])
    }
}
