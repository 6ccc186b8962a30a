import ClerkAPI
import ClerkLocalCore
import Foundation

/// A user's enterprise accounts as `user.enterprise_accounts` carries them, each with its connection.
extension WirePresenter {
    func enterpriseAccounts(of user: UserRecord) -> [EnterpriseAccount] {
        (user.enterpriseAccounts ?? []).map { record in
            let connection = settings.enterpriseConnection(id: record.connectionID)
            let active = connection?.active ?? false
            return EnterpriseAccount(
                id: record.id, active: active, emailAddress: record.emailAddress, firstName: record.firstName, lastName: record.lastName,
                protocol: "oauth", provider: Self.enterpriseProvider, providerUserID: record.providerUserID, publicMetadata: .object([:]),
                verification: Verification(
                    object: "verification", status: .verified, strategy: .enterpriseSSO, attempts: nil,
                    expireAt: ClerkTimestamp(record.lastAuthenticatedAt)),
                enterpriseConnection: connection.map { enterpriseConnection($0, createdAt: record.createdAt) },
                enterpriseConnectionID: record.connectionID, lastAuthenticatedAt: ClerkTimestamp(record.lastAuthenticatedAt))
        }
    }

    /// What clerk-local's connections are: OpenID Connect with a provider of the instance's choosing.
    static let enterpriseProvider = "oidc_custom"

    private func enterpriseConnection(_ connection: EnterpriseConnection, createdAt: Date) -> EnterpriseAccountConnection {
        EnterpriseAccountConnection(
            object: "enterprise_connection", id: connection.id, name: connection.name, active: connection.active,
            domain: connection.domains.first ?? "", protocol: "oauth", provider: Self.enterpriseProvider, logoPublicURL: nil,
            allowIdpInitiated: false, allowSubdomains: false, disableAdditionalIdentifications: false, syncUserAttributes: false,
            createdAt: ClerkTimestamp(createdAt), updatedAt: ClerkTimestamp(createdAt))
    }
}
