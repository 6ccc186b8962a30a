import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Python's soft-webauthn, as another client and authenticator, against the emulator over HTTP: the script
/// itself signs in with a password, registers a passkey from `POST /v1/me/passkeys`'s options, signs in with
/// it on a new client, and replays that assertion to another sign-in.
@Suite(
    "Interoperability: soft-webauthn against the passkey routes over HTTP",
    .enabled(TestTools.missing("Python's soft-webauthn")) { TestTools.pythonImports("soft_webauthn") })
struct SoftWebAuthnWireInteropTests {
    static let script = """
        import base64, json, sys, urllib.error, urllib.parse, urllib.request
        from soft_webauthn import SoftWebauthnDevice
        base, email, password = sys.argv[1], sys.argv[2], sys.argv[3]
        origin = 'http://localhost'
        def decode(text): return base64.urlsafe_b64decode(text + '=' * (-len(text) % 4))
        def encode(data): return base64.urlsafe_b64encode(data).decode('ascii').rstrip('=')
        def serialize(credential):
            response = {name: encode(value) for name, value in credential['response'].items() if value is not None}
            return json.dumps({'id': encode(credential['rawId']), 'rawId': encode(credential['rawId']),
                               'type': credential['type'], 'response': response})
        class Client:
            def __init__(self): self.token = None
            def post(self, path, form, query=''):
                request = urllib.request.Request(base + path + '?_is_native=true' + query, data=urllib.parse.urlencode(form).encode(), method='POST')
                request.add_header('Content-Type', 'application/x-www-form-urlencoded')
                if self.token: request.add_header('Authorization', self.token)
                try:
                    with urllib.request.urlopen(request) as answer:
                        self.token = answer.headers.get('Authorization') or self.token
                        return answer.status, json.loads(answer.read())
                except urllib.error.HTTPError as error:
                    return error.code, json.loads(error.read())
        device = SoftWebauthnDevice()
        laptop = Client()
        status, body = laptop.post('/v1/client/sign_ins', {'identifier': email, 'password': password})
        session = body['response']['created_session_id']
        query = '&_clerk_session_id=' + session
        status, body = laptop.post('/v1/me/passkeys', {}, query)
        passkey = body['response']
        creation = json.loads(passkey['verification']['nonce'])
        creation['challenge'] = decode(creation['challenge'])
        creation['user']['id'] = decode(creation['user']['id'])
        registration = serialize(device.create({'publicKey': creation}, origin))
        status, body = laptop.post('/v1/me/passkeys/' + passkey['id'] + '/attempt_verification',
                                   {'strategy': 'passkey', 'public_key_credential': registration}, query)
        print('registration', status, body['response']['verification']['status'])
        def start():
            client = Client()
            status, body = client.post('/v1/client/sign_ins', {'strategy': 'passkey'})
            request = json.loads(body['response']['first_factor_verification']['nonce'])
            request['challenge'] = decode(request['challenge'])
            return client, body['response']['id'], request
        phone, sign_in, request = start()
        assertion = serialize(device.get({'publicKey': request}, origin))
        status, body = phone.post('/v1/client/sign_ins/' + sign_in + '/attempt_first_factor', {'strategy': 'passkey', 'public_key_credential': assertion})
        print('sign-in', status, body['response']['status'], body['response']['identifier'])
        stranger, other, _ = start()
        status, body = stranger.post('/v1/client/sign_ins/' + other + '/attempt_first_factor', {'strategy': 'passkey', 'public_key_credential': assertion})
        print('replay', status, body['errors'][0]['code'])
        """

    @Test("soft-webauthn signs in with a password, registers a passkey, signs in with it; its replayed assertion is refused")
    func overHTTP() async throws {
        var settings = SettingsPreset.passkeys.settings
        // soft-webauthn reports user presence, not verification.
        settings.passkeys?.requireUserVerification = false
        try await withServer(settings, mode: .socket) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: Fixture.email("soft"), password: Fixture.password))
            let email = try #require(user.emailAddress)
            let output = try await Python.run(Self.script, server.baseURL.absoluteString, email, Fixture.password)
            #expect(
                output.split(separator: "\n").map(String.init) == [
                    "registration 200 verified", "sign-in 200 complete \(email)", "replay 400 passkey_invalid_verification",
                ])
            let stored = try #require(await server.core.store.perform { $0.state.directory.users[user.id] })
            #expect(stored.registeredPasskeys.first?.credential?.signCount == 1)
            #expect(stored.registeredPasskeys.first?.credential?.userVerified == false)
        }
    }
}
