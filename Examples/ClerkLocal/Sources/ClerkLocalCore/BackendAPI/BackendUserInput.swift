import ClerkAPI

/// `POST /users`: the part of Clerk's `CreateUser` body the local server keeps.
package struct BackendCreateUser: Decodable, Sendable {
    package var emailAddress: [String]?
    package var phoneNumber: [String]?
    package var username: String?
    package var password: String?
    package var firstName: String?
    package var lastName: String?
    package var skipPasswordChecks: Bool?
    package var skipPasswordRequirement: Bool?
    package var unsafeMetadata: JSONValue?

    package static let keys: Set<String> = [
        "email_address", "phone_number", "username", "password", "first_name", "last_name", "skip_password_checks",
        "skip_password_requirement", "unsafe_metadata",
    ]

    package enum CodingKeys: String, CodingKey {
        case emailAddress = "email_address"
        case phoneNumber = "phone_number"
        case username, password
        case firstName = "first_name"
        case lastName = "last_name"
        case skipPasswordChecks = "skip_password_checks"
        case skipPasswordRequirement = "skip_password_requirement"
        case unsafeMetadata = "unsafe_metadata"
    }
}

/// `PATCH /users/{id}`: the part of Clerk's `UpdateUser` body the local server keeps.
package struct BackendUpdateUser: Decodable, Sendable {
    package var username: String?
    package var password: String?
    package var firstName: String?
    package var lastName: String?
    package var skipPasswordChecks: Bool?
    package var signOutOfOtherSessions: Bool?
    package var primaryEmailAddressID: String?
    package var primaryPhoneNumberID: String?
    package var unsafeMetadata: JSONValue?

    package static let keys: Set<String> = [
        "username", "password", "first_name", "last_name", "skip_password_checks", "sign_out_of_other_sessions",
        "primary_email_address_id", "primary_phone_number_id", "unsafe_metadata",
    ]

    package enum CodingKeys: String, CodingKey {
        case username, password
        case firstName = "first_name"
        case lastName = "last_name"
        case skipPasswordChecks = "skip_password_checks"
        case signOutOfOtherSessions = "sign_out_of_other_sessions"
        case primaryEmailAddressID = "primary_email_address_id"
        case primaryPhoneNumberID = "primary_phone_number_id"
        case unsafeMetadata = "unsafe_metadata"
    }
}

/// `POST /users/{id}/password/set_compromised`: Clerk's optional `revoke_all_sessions` is accepted and
/// not acted on (the user's sessions stay; the next one has the reset-password task).
package struct BackendPasswordCompromise: Decodable, Sendable {
    package var revokeAllSessions: Bool?

    package static let keys: Set<String> = ["revoke_all_sessions"]

    package enum CodingKeys: String, CodingKey {
        case revokeAllSessions = "revoke_all_sessions"
    }
}
