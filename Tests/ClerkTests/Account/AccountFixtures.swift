import ClerkTesting
import Foundation

@testable import Clerk

/// Account resources (`/v1/me`) and signed-in clients for the scripted transport.
extension Fixture {
    static let totpSecret = "JBSWY3DPEHPK3PXP"
    static let totpURI = "otpauth://totp/Example:jane?secret=JBSWY3DPEHPK3PXP&issuer=Example"
    static let backupCodes = ["bc-one-1111", "bc-two-2222", "bc-three-3333"]

    static func user(id: String = "user_1", phones: [PhoneNumber] = [], emails: [EmailAddress] = [], totp: Bool = false) -> User {
        User(
            id: id, hasImage: false, passwordEnabled: true, twoFactorEnabled: totp || phones.contains { $0.reservedForSecondFactor == true },
            totpEnabled: totp, backupCodeEnabled: false, emailAddresses: emails, phoneNumbers: phones, web3Wallets: [],
            passkeys: [], externalAccounts: [], samlAccounts: [], enterpriseAccounts: [], publicMetadata: .object([:]), banned: false, locked: false,
            createdAt: time, updatedAt: time, deleteSelfEnabled: true, createOrganizationEnabled: false)
    }

    static func phone(
        _ id: String = "idn_phone2", _ number: String = "+15555550123", verified: Bool, reserved: Bool = false,
        isDefault: Bool = false, backupCodes: [String]? = nil
    ) -> PhoneNumber {
        PhoneNumber(
            id: id, phoneNumber: number, reservedForSecondFactor: reserved, defaultSecondFactor: isDefault, reserved: false,
            verification: verification(.phoneCode, verified ? .verified : .unverified), linkedTo: [], backupCodes: backupCodes,
            createdAt: time, updatedAt: time)
    }

    static func email(_ id: String = "idn_email2", _ address: String = "jane.work+clerk_test@example.com", verified: Bool) -> EmailAddress {
        EmailAddress(
            id: id, emailAddress: address, reserved: false, verification: verification(.emailCode, verified ? .verified : .unverified),
            linkedTo: [], createdAt: time, updatedAt: time)
    }

    static func totp(verified: Bool, backupCodes: [String]? = nil) -> TOTPResource {
        TOTPResource(
            id: "totp_1", secret: verified ? nil : totpSecret, uri: verified ? nil : totpURI, verified: verified,
            backupCodes: backupCodes, createdAt: time, updatedAt: time)
    }

    /// A session carrying `user` (as the client's sessions do).
    static func session(_ id: String = "sess_1", status: SessionStatus, tasks: [SessionTaskKey] = [], user: User?) -> Session {
        var session = session(id, status: status, tasks: tasks)
        session.user = user
        return session
    }

    /// A client signed in to `session`, which is the last active one.
    static func signedIn(_ session: Session = session()) -> ClientResource {
        client(sessions: [session], lastActive: session.id)
    }

    /// An enveloped account answer whose client is signed in to `session`.
    static func account<R: Codable & Sendable & Hashable>(_ response: R, session: Session = session()) -> TransportResponse {
        envelope(response, client: signedIn(session))
    }
}

/// A harness whose client already knows it is signed in to `session` (from a `GET /v1/client`).
func signedInHarness(_ steps: [ScriptedTransport.Step]) async throws -> Harness {
    try await signedInHarness(Fixture.session(), steps)
}

/// A harness whose client already knows it is signed in to `session`.
func signedInHarness(_ session: Session, _ steps: [ScriptedTransport.Step]) async throws -> Harness {
    let harness = Harness([.respond(Fixture.envelope(Optional(Fixture.signedIn(session)), client: Fixture.signedIn(session)))] + steps)
    try await harness.client.refresh()
    return harness
}

extension Harness {
    /// The requests after the `GET /v1/client` that signed the harness in.
    var accountRequests: [TransportRequest] { Array(requests.dropFirst()) }
}
