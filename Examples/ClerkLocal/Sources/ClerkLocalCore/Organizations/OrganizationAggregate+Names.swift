import ClerkAPI
import Foundation

/// The checks on an organization's name and slug, and on a role.
extension OrganizationAggregate {
    // MARK: Names and slugs

    static func organizationName(_ name: String?) throws(FrontendError) -> String {
        let trimmed = (name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .missing("name") }
        guard trimmed.count <= 256 else { throw .invalidFormat("name", longMessage: "name must be at most 256 characters.") }
        return trimmed
    }

    /// The slug asked for (unique, letters, digits, `-` and `_`), or one made from the name.
    func newSlug(_ asked: String?, name: String, organizationID: String?) throws(FrontendError) -> String {
        if let asked {
            if organizationSettings.slugDisabled { throw FrontendError(.organizationSlugsDisabled) }
            let slug = asked.lowercased()
            guard Self.isValidSlug(slug) else {
                throw .invalidFormat(
                    "slug", longMessage: "Slug must only use letters, numbers, dashes (-), and underscores (_). Colons and other characters are not allowed.")
            }
            if let owner = organizationBook.organization(slug: slug), owner.id != organizationID {
                throw FrontendError(.formIdentifierExists, paramName: "slug", message: "That slug is taken. Please try another.")
            }
            return slug
        }
        var base = ""
        for character in name.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                base.append(character)
            } else if !base.isEmpty, base.last != "-" {
                base.append("-")
            }
        }
        while base.last == "-" { base.removeLast() }
        if base.isEmpty { base = "organization" }
        var slug = String(base.prefix(64))
        while organizationBook.organization(slug: slug) != nil {
            slug = String(base.prefix(57)) + "-" + SecureRandom.identifier(prefix: "x").suffix(6).lowercased()
        }
        return slug
    }

    static func isValidSlug(_ slug: String) -> Bool {
        !slug.isEmpty && slug.count <= 64
            && slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }

    /// A role the instance has (`role` required).
    func requireRole(_ role: String?) throws(FrontendError) -> String {
        guard let role, !role.isEmpty else { throw .missing("role") }
        guard organizationSettings.role(role) != nil else {
            throw FrontendError(.resourceNotFound, variant: "OrganizationRoleNotFound", paramName: "role")
        }
        return role
    }
}
