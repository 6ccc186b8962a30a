import ClerkAPI
import Foundation
import Testing

/// Example payloads of every in-scope spec schema decode with the generated types and
/// re-encode to equivalent JSON.
@Suite("Spec conformance of the generated types")
struct SpecConformanceTests {
    /// How a spec schema is checked: the generated type that decodes it, and whether the
    /// re-encoding must be identical or may drop what the type does not model.
    struct Case: Sendable, CustomTestStringConvertible {
        var specSchema: String
        var roundTrip: @Sendable (Data) throws -> Data
        var exact: Bool
        var testDescription: String { specSchema }
    }

    static func roundTrip<T: Codable & Sendable>(_ type: T.Type) -> @Sendable (Data) throws -> Data {
        { data in try JSONEncoder().encode(try JSONDecoder().decode(T.self, from: data)) }
    }

    static let verificationStubs = [
        "Password", "OTP", "Link", "TOTP", "BackupCode", "Ticket", "Oauth", "SAML", "Passkey", "Web3Signature",
        "TrustedDevice", "GoogleOneTap", "FromOauth",
    ]

    static let cases: [Case] =
        [
            Case(specSchema: "Client.Client", roundTrip: roundTrip(ClientResource.self), exact: true),
            Case(specSchema: "Client.Client-2", roundTrip: roundTrip(ClientResource.self), exact: true),
            Case(specSchema: "Client.SignIn", roundTrip: roundTrip(SignIn.self), exact: true),
            Case(specSchema: "Client.SignIn-2", roundTrip: roundTrip(SignIn.self), exact: true),
            Case(specSchema: "Stubs.SignInFactor", roundTrip: roundTrip(SignInFactor.self), exact: true),
            Case(specSchema: "Client.SignUp", roundTrip: roundTrip(SignUp.self), exact: true),
            Case(specSchema: "Client.SignUp.Verifications", roundTrip: roundTrip(SignUpVerifications.self), exact: true),
            Case(specSchema: "Client.Session", roundTrip: roundTrip(Session.self), exact: true),
            Case(specSchema: "Client.Session-2", roundTrip: roundTrip(Session.self), exact: true),
            Case(specSchema: "Client.SessionTask", roundTrip: roundTrip(SessionTask.self), exact: true),
            Case(specSchema: "Token", roundTrip: roundTrip(TokenResource.self), exact: true),
            Case(specSchema: "Client.User", roundTrip: roundTrip(User.self), exact: true),
            Case(specSchema: "Client.EmailAddress", roundTrip: roundTrip(EmailAddress.self), exact: true),
            Case(specSchema: "Client.PhoneNumber", roundTrip: roundTrip(PhoneNumber.self), exact: true),
            Case(specSchema: "Client.PublicUserData", roundTrip: roundTrip(PublicUserData.self), exact: true),
            Case(specSchema: "Stubs.Identification.Link", roundTrip: roundTrip(IdentificationLink.self), exact: true),
            Case(specSchema: "ClerkErrors", roundTrip: roundTrip(ErrorResponse.self), exact: false),
            Case(specSchema: "ClerkError", roundTrip: roundTrip(APIError.self), exact: false),
            Case(specSchema: "Client.ClientWrappedSignIn", roundTrip: roundTrip(ClientEnvelope<SignIn, ClientResource>.self), exact: true),
            Case(specSchema: "Client.ClientWrappedSignUp", roundTrip: roundTrip(ClientEnvelope<SignUp, ClientResource>.self), exact: true),
            Case(specSchema: "Client.ClientWrappedSession", roundTrip: roundTrip(ClientEnvelope<Session, ClientResource>.self), exact: true),
            Case(specSchema: "Client.TouchWrappedSession", roundTrip: roundTrip(ClientEnvelope<Session, ClientResource>.self), exact: true),
            Case(specSchema: "Client.ClientWrappedClient", roundTrip: roundTrip(ClientEnvelope<ClientResource?, ClientResource>.self), exact: true),
            Case(specSchema: "Client.Environment", roundTrip: roundTrip(EnvironmentResource.self), exact: true),
            Case(specSchema: "Client.AuthConfig", roundTrip: roundTrip(AuthConfig.self), exact: true),
            Case(specSchema: "Client.NativeSettings", roundTrip: roundTrip(NativeSettings.self), exact: true),
            Case(specSchema: "Client.DisplayConfig", roundTrip: roundTrip(DisplayConfig.self), exact: true),
            Case(specSchema: "Image", roundTrip: roundTrip(ClerkImage.self), exact: true),
            Case(specSchema: "Client.UserSettings", roundTrip: roundTrip(UserSettings.self), exact: true),
            Case(specSchema: "UserSettings.Attributes", roundTrip: roundTrip(UserSettingsAttributes.self), exact: true),
            Case(specSchema: "UserSettings.Attribute", roundTrip: roundTrip(AttributeSettings.self), exact: true),
            Case(specSchema: "UserSettings.Socials", roundTrip: roundTrip([String: SocialProviderSettings].self), exact: true),
            Case(specSchema: "UserSettings.EnterpriseSSO", roundTrip: roundTrip(EnterpriseSSOSettings.self), exact: true),
            Case(specSchema: "UserSettings.SignIn", roundTrip: roundTrip(SignInSettings.self), exact: true),
            Case(specSchema: "UserSettings.SignUp", roundTrip: roundTrip(SignUpSettings.self), exact: true),
            Case(specSchema: "UserSettings.Restrictions", roundTrip: roundTrip(RestrictionSettings.self), exact: true),
            Case(specSchema: "UserSettings.PasswordSettings", roundTrip: roundTrip(PasswordSettings.self), exact: true),
            Case(specSchema: "UserSettings.UsernameSettings", roundTrip: roundTrip(UsernameRules.self), exact: true),
            Case(specSchema: "UserSettings.ActionsSettings", roundTrip: roundTrip(ActionsSettings.self), exact: true),
            Case(specSchema: "UserSettings.AttackProtectionSettings", roundTrip: roundTrip(AttackProtectionSettings.self), exact: true),
            Case(specSchema: "UserSettings.PasskeySettings", roundTrip: roundTrip(PasskeySettings.self), exact: true),
            Case(specSchema: "Client.OrganizationSettings", roundTrip: roundTrip(OrganizationSettings.self), exact: true),
            Case(specSchema: "Client.FraudSettings", roundTrip: roundTrip(FraudSettings.self), exact: true),
            Case(specSchema: "Client.CommerceSettings", roundTrip: roundTrip(CommerceSettings.self), exact: true),
            Case(specSchema: "Client.ApiKeysSettings", roundTrip: roundTrip(APIKeysSettings.self), exact: true),
            Case(specSchema: "Client.ProtectConfig", roundTrip: roundTrip(ProtectConfig.self), exact: true),
        ] + verificationStubs.map { Case(specSchema: "Stubs.Verification.\($0)", roundTrip: roundTrip(Verification.self), exact: true) }

    @Test(.enabled(if: ReferenceFiles.schemas != nil, "CLERK_FAPI_SPEC names no spec file"), arguments: cases, ExampleSynthesizer.Variant.allCases)
    func examplePayloadDecodesAndReencodes(testCase: Case, variant: ExampleSynthesizer.Variant) throws {
        let schemas = try #require(ReferenceFiles.schemas)
        let synthesizer = ExampleSynthesizer(schemas: schemas, variant: variant)
        let example = try #require(synthesizer.instance(ofSchemaNamed: testCase.specSchema), "no schema \(testCase.specSchema) in the spec")
        let original = try JSONSerialization.data(withJSONObject: example, options: [.sortedKeys])
        let reencoded: Data
        do {
            reencoded = try testCase.roundTrip(original)
        } catch {
            Issue.record("\(testCase.specSchema) (\(variant)) did not decode: \(error)\n\(String(decoding: original, as: UTF8.self))")
            return
        }
        let before = try JSONSerialization.jsonObject(with: original)
        let after = try JSONSerialization.jsonObject(with: reencoded)
        if testCase.exact {
            #expect(
                JSONComparison.equal(before, after),
                "\(testCase.specSchema) (\(variant)) re-encoded differently:\n\(String(decoding: original, as: UTF8.self))\n\(String(decoding: reencoded, as: UTF8.self))"
            )
        } else {
            #expect(JSONComparison.isContained(after, in: before), "\(testCase.specSchema) (\(variant)) re-encoded values the example did not have")
        }
    }

    @Test(.enabled(if: ReferenceFiles.schemas != nil, "CLERK_FAPI_SPEC names no spec file"))
    func everyVerificationStubOfTheSpecIsCovered() throws {
        let schemas = try #require(ReferenceFiles.schemas)
        let stubs = schemas.keys.filter { $0.hasPrefix("Stubs.Verification.") }.map { String($0.dropFirst("Stubs.Verification.".count)) }
        #expect(Set(stubs).subtracting(Self.verificationStubs).subtracting(["Admin", "Invitation", "SCIM"]).isEmpty, "uncovered: \(stubs)")
    }
}

enum JSONComparison {
    /// JSON equality where a key holding null equals an absent key (an optional field).
    static func equal(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case (let x as [String: Any], let y as [String: Any]):
            return Set(x.keys).union(y.keys).allSatisfy { key in
                equal(x[key] ?? NSNull(), y[key] ?? NSNull())
            }
        case (let x as [Any], let y as [Any]):
            return x.count == y.count && zip(x, y).allSatisfy(equal)
        case (let x as NSObject, let y as NSObject):
            return x.isEqual(y)
        default:
            return false
        }
    }

    /// Whether every value of `inner` stands at the same place in `outer` (dropped keys allowed).
    static func isContained(_ inner: Any, in outer: Any) -> Bool {
        switch (inner, outer) {
        case (let x as [String: Any], let y as [String: Any]):
            return x.allSatisfy { key, value in
                guard let other = y[key] else { return value is NSNull }
                return isContained(value, in: other)
            }
        case (let x as [Any], let y as [Any]):
            return x.count == y.count && zip(x, y).allSatisfy { isContained($0, in: $1) }
        default:
            return equal(inner, outer)
        }
    }
}
