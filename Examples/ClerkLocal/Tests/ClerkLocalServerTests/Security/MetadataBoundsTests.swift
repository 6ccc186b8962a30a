import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Security: metadata is bounded before anything changes")
struct MetadataBoundsTests {
    private static func nested(_ depth: Int) -> String {
        String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    }

    @Test("Metadata nested too deep or too large is refused, the sign-up is unchanged, the client still answers")
    func refusedWithoutChange() async throws {
        try await withServer(SettingsPreset.emailCode.settings) { server in
            let device = server.client()
            let created = try await device.signUp([("email_address", Fixture.testEmail())]).signUp
            let path = "/v1/client/sign_ups/\(created.id)"
            let cases: [(String, String)] = [
                (Self.nested(512), "form_param_value_invalid"),
                (Self.nested(MetadataLimits.maxDepth + 1), "form_param_value_invalid"),
                (#"{"blob":""# + String(repeating: "x", count: MetadataLimits.maxBytes) + #""}"#, "form_param_max_length_exceeded"),
            ]
            for (metadata, code) in cases {
                let refused = try await device.send("PATCH", path, form: [("unsafe_metadata", metadata), ("first_name", "Changed")])
                expectError(refused, status: 422, code: code, param: "unsafe_metadata")
            }
            let after = try await device.send("GET", "/v1/client")
            #expect(after.status == 200)
            let signUp = try #require(try after.client?.signUp)
            #expect(signUp.unsafeMetadata == .object([:]))
            #expect(signUp.firstName == nil)

            let accepted = try await device.send("PATCH", path, form: [("unsafe_metadata", Self.nested(MetadataLimits.maxDepth))])
            #expect(accepted.status == 200)
            #expect(try await device.send("GET", "/v1/client").status == 200)
        }
    }

    @Test("Depth is measured without recursion")
    func depth() {
        #expect(MetadataLimits.depth(of: .string("x")) == 0)
        #expect(MetadataLimits.depth(of: .object(["a": .array([.object([:])])])) == 3)
    }
}
