import ClerkAPI

/// `POST /users`: the part of Clerk's `CreateUser` body the local server keeps.
struct BackendCreateUser: Decodable, Sendable {
    var emailAddress: [String]?
    var phoneNumber: [String]?
    var username: String?
    var password: String?
    var firstName: String?
    var lastName: String?
    var skipPasswordChecks: Bool?
    var skipPasswordRequirement: Bool?
    var unsafeMetadata: JSONValue?

    static let keys: Set<String> = [
        "email_address", "phone_number", "username", "password", "first_name", "last_name", "skip_password_checks",
        "skip_password_requirement", "unsafe_metadata",
    ]

    enum CodingKeys: String, CodingKey {
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
struct BackendUpdateUser: Decodable, Sendable {
    var username: String?
    var password: String?
    var firstName: String?
    var lastName: String?
    var skipPasswordChecks: Bool?
    var signOutOfOtherSessions: Bool?
    var primaryEmailAddressID: String?
    var primaryPhoneNumberID: String?
    var unsafeMetadata: JSONValue?

    static let keys: Set<String> = [
        "username", "password", "first_name", "last_name", "skip_password_checks", "sign_out_of_other_sessions",
        "primary_email_address_id", "primary_phone_number_id", "unsafe_metadata",
    ]

    enum CodingKeys: String, CodingKey {
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
struct BackendPasswordCompromise: Decodable, Sendable {
    var revokeAllSessions: Bool?

    static let keys: Set<String> = ["revoke_all_sessions"]

    enum CodingKeys: String, CodingKey {
        case revokeAllSessions = "revoke_all_sessions"
    }
}
