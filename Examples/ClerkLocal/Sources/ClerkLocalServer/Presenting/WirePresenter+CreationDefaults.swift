import ClerkAPI
import ClerkLocalCore
import Foundation

extension WirePresenter {
    /// `form` and `advisory` as Clerk's spec names them (`form.name`, `form.logo`, `advisory.type`,
    /// `advisory.message`), with the fields Clerk's JavaScript SDK reads from the same answer
    /// (`form.slug`, `form.blur_hash`, `advisory.code`, `advisory.severity`, `advisory.meta`).
    package func creationDefaults(_ suggestion: OrganizationCreationSuggestion) -> JSONValue {
        let form: JSONValue = .object([
            "name": suggestion.name.map(JSONValue.string) ?? .null, "slug": suggestion.slug.map(JSONValue.string) ?? .null,
            "logo": .null, "blur_hash": .null,
        ])
        guard let existing = suggestion.existing else { return .object(["form": form, "advisory": .null]) }
        let advisory: JSONValue = .object([
            "code": "organization_already_exists", "severity": "warning", "type": "warning",
            "message": .string("An organization named \(existing.name) already exists."),
            "meta": .object([
                "organization_name": .string(existing.name), "organization_domain": suggestion.domain.map(JSONValue.string) ?? .null,
            ]),
        ])
        return .object(["form": form, "advisory": advisory])
    }
}
