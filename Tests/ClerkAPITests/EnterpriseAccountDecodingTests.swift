import ClerkAPI
import Foundation
import Testing

/// Enterprise accounts as Clerk's SDKs receive them (clerk-js's UserProfile fixtures: a SAML account
/// and an OpenID Connect one; the Backend API's user fixture, whose connection says
/// `enterprise_account_connection` and whose timestamps are seconds).
@Suite("Enterprise accounts: decoding without loss")
struct EnterpriseAccountDecodingTests {
    /// The Backend API user's `enterprise_accounts`, as a document of its own.
    struct AccountList: Codable, Hashable {
        var enterpriseAccounts: [EnterpriseAccount]
        enum CodingKeys: String, CodingKey { case enterpriseAccounts = "enterprise_accounts" }
    }

    /// Decodes `name`'s payload as `type`, encodes it again and compares the two documents. An
    /// optional field sent as `null` is written back absent (the generated coders' rule), which says
    /// the same: both documents are compared without their nulls.
    func lossless<T: Codable & Hashable>(_ name: String, as type: T.Type) throws -> T {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Payloads"))
        let data = try Data(contentsOf: url)
        let value = try JSONDecoder().decode(type, from: data)
        let original = try JSONDecoder().decode(JSONValue.self, from: data).withoutNulls
        let again = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(value)).withoutNulls
        #expect(original == again, "\(name) lost or changed a field when encoded again")
        return value
    }

    @Test("an inactive SAML account: its connection and its verification (id, verified_at_client, error)")
    func samlInactive() throws {
        let account = try lossless("enterprise_account_saml_inactive", as: EnterpriseAccount.self)
        #expect(account.id == "eac_123" && !account.active && account.protocol == "saml" && account.provider == "saml_okta")
        #expect(account.enterpriseConnection?.domain == "foocorp.com" && account.enterpriseConnection?.name == "Okta Workforce")
        #expect(account.verification?.id == "ver_123" && account.verification?.strategy == .enterpriseSSO)
        #expect(account.verification?.verifiedAtClient == "foo" && account.verification?.error?.code == .identifierAlreadySignedIn)
    }

    @Test("an active OpenID Connect account")
    func oauthActive() throws {
        let account = try lossless("enterprise_account_oauth_active", as: EnterpriseAccount.self)
        #expect(account.active && account.protocol == "oauth" && account.verification?.strategy == .oauthGoogle)
        #expect(account.enterpriseConnection?.logoPublicURL == "https://img.clerk.com/static/google.svg")
        #expect(account.providerUserID == nil && account.publicMetadata == .object([:]))
    }

    @Test("the Backend API user's enterprise accounts: connection id, last authentication, verification without object")
    func backendUser() throws {
        let list = try lossless("backend_user_enterprise_accounts", as: AccountList.self)
        let account = try #require(list.enterpriseAccounts.first)
        #expect(account.enterpriseConnectionID == "ent_conn_okta" && account.providerUserID == "okta_user_123")
        #expect(account.lastAuthenticatedAt?.millisecondsSince1970 == 1_611_948_436)
        #expect(account.enterpriseConnection?.object == "enterprise_account_connection")
        #expect(account.verification?.attempts == nil && account.verification?.strategy == .saml)
    }
}

extension JSONValue {
    /// The value with every `null` member of an object left out, at any depth.
    fileprivate var withoutNulls: JSONValue {
        switch self {
        case .object(let members): .object(members.filter { $0.value != .null }.mapValues(\.withoutNulls))
        case .array(let items): .array(items.map(\.withoutNulls))
        default: self
        }
    }
}
