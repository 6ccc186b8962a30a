import ClerkAPI
import Foundation

/// What `GET /v1/me/organization_creation_defaults` suggests: a name and slug made from the user's
/// email domain (`alice@acme-corp.com` → "Acme Corp", `acme-corp`), none for a personal mail
/// provider's domain, and the organization that already has that slug, if one does.
package struct OrganizationCreationSuggestion: Sendable {
    package var name: String?
    package var slug: String?
    package var domain: String?
    package var existing: OrganizationRecord?
}

extension OrganizationRules {
    /// For the signed-in user; nothing changes.
    package mutating func organizationCreationDefaults(
        _ meta: RequestMeta, sessionID: String?
    ) throws(FrontendError) -> StoreAnswer<OrganizationCreationSuggestion> {
        let caller = try caller(meta, sessionID: sessionID, mutation: false)
        guard let address = caller.user.primaryEmail?.address, let at = address.lastIndex(of: "@") else {
            return answer(OrganizationCreationSuggestion(), caller)
        }
        let domain = String(address[address.index(after: at)...]).lowercased()
        guard !Self.personalMailDomains.contains(domain), let label = domain.split(separator: ".").first, !label.isEmpty else {
            return answer(OrganizationCreationSuggestion(domain: domain), caller)
        }
        let name = label.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        let slug = String(label.lowercased().map { $0 == "_" ? "-" : $0 })
        let existing = organizationBook.organization(slug: slug)
        return answer(OrganizationCreationSuggestion(name: name, slug: slug, domain: domain, existing: existing), caller)
    }

    /// Domains of mail providers anyone can use: they name no company.
    static let personalMailDomains: Set<String> = [
        "gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "live.com", "msn.com", "yahoo.com", "icloud.com", "me.com",
        "mac.com", "aol.com", "proton.me", "protonmail.com", "gmx.com", "gmx.de", "mail.com", "yandex.com", "zoho.com", "fastmail.com",
    ]
}
