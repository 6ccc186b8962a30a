import Clerk
import ClerkLocalServer
import ClerkLocalTesting
import ClerkPassword
import ClerkSoftwarePasskey
import ClerkSoftwareTrustedDevice
import ClerkTrustedDevice
import Foundation
import Testing

/// The software trusted-device key store against the local server over real HTTP: a device enrolled by one run
/// of a tool, its key kept in an owner-only file, signs in on the next run; a loose file is refused.
@Suite("ClerkSoftwareTrustedDevice: a device key kept in a file signs in on the next run")
struct SoftwareTrustedDeviceTests {
    static let email = "hedy+clerk_test@example.com"
    static let password = "spread-spectrum-1942"

    @Test("Enrolled through one store, the device signs in through a second read from the file (mode 0600); removed, it is forgotten")
    func nextRun() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trusted-\(UUID().uuidString)/device.json")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var settings = SettingsPreset.emailPassword.settings
        settings.trustedDevices = TrustedDeviceSettings()
        settings.clientTrust = false
        try await withLocalFrontendAPI(settings: settings) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: Self.email, password: Self.password))
            let laptop = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let driver = FlowDriver(client: laptop, registry: try FactorRegistry([PasswordStrategy()])) { question -> FlowAnswer in
                switch question {
                case .identifier: .identifier(Self.email)
                case .password: .password(SecretString(Self.password))
                default: .startOver
                }
            }
            let session = try await driver.signIn()
            let account = try await laptop.account(sessionID: session.session.id)
            let firstRun = try SoftwareTrustedDeviceKeyStore(file: url)
            let device = try await account.enrollTrustedDevice(using: firstRun, appIdentifier: "com.example.tool", name: "CI runner")
            #expect(device.status == .active && device.platform == .iOS)
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)
            #expect(mode.intValue & 0o777 == 0o600)

            let secondRun = try SoftwareTrustedDeviceKeyStore(file: url)
            #expect(try await secondRun.credential()?.trustedDeviceID == device.id && secondRun.keyCount == 1)
            let phone = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            #expect(try await laptop.validateTrustedDevice(using: secondRun), "validation needs a client: the laptop has one")
            let signedIn = try await FlowDriver(client: phone, registry: FactorRegistry()) { _ in .startOver }.signInWithTrustedDevice(using: secondRun)
            #expect(signedIn.session.user?.id == session.session.user?.id)

            _ = try await account.removeTrustedDevice(device.id, forgettingIn: firstRun)
            let thirdRun = try SoftwareTrustedDeviceKeyStore(file: url)
            #expect(try await thirdRun.credential() == nil && thirdRun.keyCount == 0)
            let refused = await #expect(throws: ClerkError.self) {
                try await ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL)).signInWithTrustedDevice(using: secondRun)
            }
            #expect(refused?.hasCode(.trustedDeviceNotRegistered) == true)
            #expect(try await secondRun.credential() == nil, "a device Clerk no longer knows is forgotten")
        }
    }

    @Test("A key file the group or others may read is refused")
    func looseFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trusted-loose-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("{}".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        #expect(throws: OwnerOnlyFileFailure.insecurePermissions(path: url.path, mode: 0o644)) { try SoftwareTrustedDeviceKeyStore(file: url) }
    }
}
