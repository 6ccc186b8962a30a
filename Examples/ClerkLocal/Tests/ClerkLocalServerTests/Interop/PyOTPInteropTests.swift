import ClerkAPI
import ClerkLocalTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// A real authenticator implementation, Python's pyotp, against the server's TOTP: it accepts what
/// the server issues, and the server accepts what it generates. pyotp reads the wall clock, so these
/// run on the system clock (each code is valid for a step either side).
@Suite("Interoperability: pyotp", .enabled(TestTools.missing("Python's pyotp")) { TestTools.pythonImports("pyotp") })
struct PyOTPInteropTests {
    @Test("A secret enrolled over the wire: pyotp computes the code from the otpauth:// URI, and it verifies")
    func serverSecretInPyOTP() async throws {
        try await withServer(SettingsPreset.mfa.settings) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let enrolment = try await device.me("POST", "/totp", session: account.sessionID).response(TOTPResource.self)
            let uri = try #require(enrolment.uri)
            let parsed = try await Python.run(
                "import pyotp, sys; t = pyotp.parse_uri(sys.argv[1]); print(t.issuer, t.digits, t.interval, t.digest().name, t.now(), sep='|')", uri)
            let fields = parsed.split(separator: "|").map(String.init)
            #expect(fields.dropLast() == ["Clerk Local", "6", "30", "sha1"], "pyotp reads the URI's parameters")
            let code = try #require(fields.last)
            let verified = try await device.me("POST", "/totp/attempt_verification", session: account.sessionID, form: [("code", code)])
            #expect(verified.status == 200, "\(verified.text)")
            #expect(try verified.response(TOTPResource.self).verified)
        }
    }

    @Test("A secret pyotp generates, seeded through the admin API, signs in with pyotp's code")
    func pyotpSecretSignsIn() async throws {
        try await withServer(SettingsPreset.mfa.settings) { server in
            let secret = try await Python.run("import pyotp; print(pyotp.random_base32())")
            let email = Fixture.email()
            let seed = try JSONSerialization.data(withJSONObject: ["email_address": email, "password": Fixture.password, "totp_secret": secret])
            let seeded = try await server.client().send("POST", "/__local/admin/users", rawBody: seed, contentType: "application/json")
            #expect(seeded.status == 201, "\(seeded.text)")
            #expect(seeded.json["totp_secret"] == nil, "a supplied secret is not echoed")

            let device = server.client()
            let signIn = try await device.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            #expect(signIn.supportedSecondFactors?.map(\.strategy) == [.totp])
            let code = try await Python.run("import pyotp, sys; print(pyotp.TOTP(sys.argv[1]).now())", secret)
            let done = try await device.signInAction(signIn.id, "attempt_second_factor", [("strategy", "totp"), ("code", code)])
            #expect(try done.signIn.status == .complete, "\(done.text)")
        }
    }
}

/// `python3 -c` with arguments (ClerkLocalTesting's, which the examples' tests use too).
typealias Python = PythonScript
