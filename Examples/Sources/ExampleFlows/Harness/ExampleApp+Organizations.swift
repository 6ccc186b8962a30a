import Clerk
import ClerkLocalServer
import ClerkOrganizations
import ClerkPassword

// What the organization flows share: each starts with people signed in by password (one request
// each), and an instance whose roles carry a custom permission, so that tokens show one.
extension ExampleApp {
    /// A new device on which `persona` signs in with their password (one request).
    func signedInDevice(_ persona: Persona) async throws -> ClerkClient {
        let device = newDevice()
        let registry = try FactorRegistry([PasswordStrategy()])
        signedIn(try await FlowDriver(client: device, registry: registry, answers: answers(for: persona), onEvent: events).signIn())
        return device
    }

    /// The error `body` was refused with; nil when it was not refused.
    func refusal(_ body: () async throws -> Void) async throws -> ClerkError? {
        do {
            try await body()
            return nil
        } catch let error as ClerkError {
            return error
        }
    }

    /// The organization claims of `device`'s current session token (from its cache when fresh).
    func organizationClaims(of device: ClerkClient, skipCache: Bool = false) async throws -> OrganizationClaims? {
        try await device.sessionToken(skipCache: skipCache).organizationClaims
    }
}

extension InstanceSettings {
    /// Clerk's default roles, with a custom feature (`invoices`) whose permissions show in session
    /// tokens (system permissions never do): admins manage and read invoices, members read them.
    mutating func withInvoicePermissions() {
        clientTrust = false
        organizations.roles = OrganizationRoleSetting.clerkDefaults.map { role in
            var role = role
            role.permissions += role.key == "org:admin" ? ["org:invoices:manage", "org:invoices:read"] : ["org:invoices:read"]
            return role
        }
    }
}
