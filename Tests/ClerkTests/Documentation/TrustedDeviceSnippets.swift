import ClerkTrustedDevice

/// Enrols this device after a full sign-in; later, signed out, signs in with it when it is still trusted.
public func enrolThenSignInWithDevice(account: AccountHandle, driver: FlowDriver, keys: some TrustedDeviceKeyStore) async throws -> ActiveSession? {
    _ = try await account.enrollTrustedDevice(using: keys, appIdentifier: "com.example.app", name: "Jane's iPhone")
    _ = try await driver.client.signOut(sessionID: account.sessionID)
    guard try await driver.client.validateTrustedDevice(using: keys) else { return nil }
    return try await driver.signInWithTrustedDevice(using: keys)
}
