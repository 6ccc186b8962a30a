import Clerk
import ClerkLocalTesting
import ClerkPasskey
import ClerkSoftwarePasskey
import ExampleFlows
import Foundation
import Testing

/// Another relying party, Python's py_webauthn, verifies what `ClerkSoftwarePasskey`'s authenticator writes: its
/// registration (attestation `none`, the COSE key, the flags, the client data) and two assertions signed with it,
/// the counter moving forward.
@Suite(
    "Interoperability: py_webauthn verifies ClerkSoftwarePasskey's authenticator",
    .enabled(if: PythonScript.canImport("webauthn"), "Python's webauthn is not installed (scripts/test-tools installs it)"))
struct SoftwarePasskeyAuthenticatorInteropTests {
    static let script = """
        import json, sys
        from webauthn import verify_registration_response, verify_authentication_response
        from webauthn.helpers import base64url_to_bytes
        challenge, origin, registration, first, second = sys.argv[1:6]
        verified = verify_registration_response(
            credential=registration, expected_challenge=base64url_to_bytes(challenge), expected_origin=origin,
            expected_rp_id='localhost', require_user_verification=True)
        print(getattr(verified.fmt, 'value', verified.fmt), verified.sign_count, verified.user_verified, len(verified.credential_id))
        count = verified.sign_count
        for assertion in (first, second):
            checked = verify_authentication_response(
                credential=assertion, expected_challenge=base64url_to_bytes(challenge), expected_rp_id='localhost',
                expected_origin=origin, credential_public_key=verified.credential_public_key,
                credential_current_sign_count=count, require_user_verification=True)
            count = checked.new_sign_count
            print(count, checked.user_verified)
        """

    @Test("py_webauthn verifies the registration and two assertions, with user verification required")
    func verifies() async throws {
        let authenticator = SoftwarePasskeyAuthenticator()
        let challenge = WebAuthnJSON.encode(Data((0..<32).map { _ in UInt8.random(in: 0...255) }))
        let user = WebAuthnJSON.encode(Data((0..<32).map { _ in UInt8.random(in: 0...255) }))
        let creation = """
            {"challenge":"\(challenge)","rp":{"id":"localhost","name":"Clerk Local"},"user":{"id":"\(user)","name":"ada@example.com","displayName":"Ada"},\
            "pubKeyCredParams":[{"type":"public-key","alg":-7}],"timeout":300000,"excludeCredentials":[],\
            "authenticatorSelection":{"residentKey":"required","requireResidentKey":true,"userVerification":"required"},"attestation":"none"}
            """
        let request = #"{"challenge":"\#(challenge)","rpId":"localhost","allowCredentials":[],"userVerification":"required","timeout":300000}"#
        let registration = try await authenticator.create(optionsJSON: creation)
        let first = try await authenticator.get(optionsJSON: request)
        let second = try await authenticator.get(optionsJSON: request)
        let output = try await PythonScript.run(Self.script, challenge, authenticator.origin, registration, first, second)
        #expect(output.split(separator: "\n").map(String.init) == ["none 0 True 16", "1 True", "2 True"], "\(output)")
    }
}
