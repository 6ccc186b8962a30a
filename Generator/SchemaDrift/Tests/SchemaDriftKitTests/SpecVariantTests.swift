import Foundation
import Testing
import Yams

@testable import SchemaDriftKit

/// Each kind of change Clerk's spec could make, built from the real spec, is reported at its level.
@Suite(.enabled(if: ReferenceFiles.present, "needs Clerk's spec and error catalogue (CLERK_FAPI_SPEC or ../shared/reference)"))
struct SpecVariantTests {
    @Test func todaysSpecHasNoError() throws {
        let report = try SpecVariant().report()
        #expect(report.changes.filter { $0.level == .error }.map { "\($0.location): \($0.message)" } == [])
        #expect(report.count(.info) > 0, "the spec's operations the schema does not cover are listed")
    }

    @Test func aRemovedRequiredFieldIsAnError() throws {
        var variant = try SpecVariant()
        variant.removeProperty("abandon_at", of: "Client.SignIn")
        let changes = try variant.report().changes(at: "sign_in.json SignIn.abandon_at")
        #expect(changes.map(\.level) == [.error])
        #expect(changes.map(\.kind) == ["field-removed"])
    }

    @Test func aChangedTypeIsAnError() throws {
        var variant = try SpecVariant()
        variant[schema: "Client.SignIn"]?["properties"]?["abandon_at"] = ["type": "string"]
        let changes = try variant.report().changes(at: "sign_in.json SignIn.abandon_at")
        #expect(changes.map(\.kind) == ["field-type-changed"])
        #expect(changes.map(\.level) == [.error])
    }

    @Test func anAddedEnumValueIsInfoAndApplicable() throws {
        var variant = try SpecVariant()
        let values = try #require(variant[schema: "Client.SignIn"]?["properties"]?["status"]?["enum"]?.sequence)
        variant[schema: "Client.SignIn"]?["properties"]?["status"]?["enum"] = .sequence(Node.Sequence(Array(values) + ["needs_passkey"]))
        let changes = try variant.report().changes(at: "enums.json SignInStatus.needs_passkey")
        #expect(changes.map(\.kind) == ["enum-value-added"])
        #expect(changes.map(\.level) == [.info])
        #expect(changes.first?.addition == .enumValue(file: "enums.json", enumName: "SignInStatus", value: "needs_passkey"))
    }

    @Test func anAddedOptionalFieldIsInfoWithTheSpecsDescription() throws {
        var variant = try SpecVariant()
        let signIn = try #require(variant[schema: "Client.SignIn"])
        variant[schema: "Client.SignIn"] = SpecVariant.adding(
            "preferred_strategy", ["type": "string", "nullable": "true", "description": "The strategy the user used last."], required: false, to: signIn
        )
        let changes = try variant.report().changes(at: "sign_in.json SignIn.preferred_strategy")
        #expect(changes.map(\.kind) == ["field-uncovered"])
        #expect(changes.map(\.level) == [.info])
        #expect(
            changes.first?.addition
                == .field(file: "sign_in.json", resource: "SignIn", name: "preferred_strategy", type: "string", nullable: true, doc: "The strategy the user used last.")
        )
    }

    @Test func aRequiredFormFieldTheSDKDoesNotSendIsAnError() throws {
        var variant = try SpecVariant()
        let path: Node = "/v1/client/sign_ins"
        let bodySchema = try #require(variant.spec["paths"]?[path]?["post"]?["requestBody"]?["content"]?["application/x-www-form-urlencoded"]?["schema"])
        variant.spec["paths"]?[path]?["post"]?["requestBody"]?["content"]?["application/x-www-form-urlencoded"]?["schema"] =
            SpecVariant.adding("device_attestation", ["type": "string"], required: true, to: bodySchema)
        let changes = try variant.report().changes(at: "endpoints.json createSignIn body.device_attestation")
        #expect(changes.map(\.kind) == ["form-field-required-added"])
        #expect(changes.map(\.level) == [.error])
    }

    @Test func aFormFieldTheSDKSendsBecomingRequiredIsAWarning() throws {
        var variant = try SpecVariant()
        let path: Node = "/v1/client/sign_ins"
        let bodySchema = try #require(variant.spec["paths"]?[path]?["post"]?["requestBody"]?["content"]?["application/x-www-form-urlencoded"]?["schema"])
        let required = (bodySchema["required"]?.sequence.map(Array.init) ?? []) + ["identifier"]
        variant.spec["paths"]?[path]?["post"]?["requestBody"]?["content"]?["application/x-www-form-urlencoded"]?["schema"]?["required"] =
            .sequence(Node.Sequence(required))
        let changes = try variant.report().changes(at: "endpoints.json createSignIn body.identifier")
        #expect(changes.map(\.kind) == ["form-field-became-required"])
        #expect(changes.map(\.level) == [.warning])
    }

    @Test func anAddedOperationIsListedAsInfo() throws {
        var variant = try SpecVariant()
        variant.spec["paths"]?["/v1/client/sign_ins/{sign_in_id}/passkey_challenge"] = [
            "post": ["operationId": "createSignInPasskeyChallenge", "responses": ["200": ["description": "The challenge."]]]
        ]
        let changes = try variant.report().changes(at: "operation createSignInPasskeyChallenge")
        #expect(changes.map(\.kind) == ["operation-uncovered"])
        #expect(changes.map(\.level) == [.info])
    }

    @Test func anAddedErrorCodeIsInfoWithItsMessageAndStatus() throws {
        var variant = try SpecVariant()
        let entry = CatalogueEntry(name: "PasskeyRevoked", code: "passkey_revoked", status: 410, shortMessage: "Passkey revoked", longMessage: "This passkey was revoked.")
        variant.catalogue.append(entry)
        let changes = try variant.report().changes(at: "errors.json ClerkErrorCode.passkey_revoked")
        #expect(changes.map(\.kind) == ["error-code-added"])
        #expect(changes.map(\.level) == [.info])
        #expect(changes.first?.addition == .errorCode(file: "errors.json", code: "passkey_revoked", variants: [entry]))
    }

    @Test func aRemovedEnumValueIsAWarning() throws {
        var variant = try SpecVariant()
        let values = try #require(variant[schema: "Client.SignIn"]?["properties"]?["status"]?["enum"]?.sequence)
        variant[schema: "Client.SignIn"]?["properties"]?["status"]?["enum"] = .sequence(Node.Sequence(values.filter { $0.string != "needs_protect_check" }))
        let changes = try variant.report().changes(at: "enums.json SignInStatus.needs_protect_check")
        #expect(changes.map(\.level) == [.warning])
        #expect(changes.map(\.kind) == ["enum-value-removed"])
    }

    @Test func aListedExtensionIsReportedOnceAsSuchNeverAsDrift() throws {
        let report = try SpecVariant().report()
        #expect(report.changes(at: "sign_in.json SignIn.locale").isEmpty)
        #expect(report.extensions.filter { $0.subject == "SignIn.locale" }.count == 1)
        #expect(Set(report.extensions).count == report.extensions.count)
    }
}
