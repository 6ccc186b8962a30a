import ClerkPasskey

/// Adds a passkey to the signed-in account, then signs in with it on a new client.
public func enrolAndSignIn(account: AccountHandle, driver: FlowDriver, authenticator: some PasskeyAuthenticator) async throws -> ActiveSession {
    let passkey = try await account.createPasskey(using: authenticator)
    _ = try await account.renamePasskey(passkey.id, to: "This device")
    return try await driver.signInWithPasskey(using: authenticator)
}
