/// Why a user import was refused, and where: the JSON path of the offending field
/// (`users[3].email_addresses[0].email_address`) and, once known, the user's id. A refused import
/// changes nothing. The message names fields, never their values, so it cannot leak a secret.
public struct UserImportError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Problem: Sendable, Hashable {
        /// The document does not parse as JSON (a truncated file, say): the parser's position, no content.
        case invalidJSON(String)
        /// The document is JSON but not an object.
        case notJSON
        case missing
        case wrongType
        /// A key the format does not define (a misspelt field would otherwise be dropped silently).
        case unknownField
        /// A key of a later version than the document declares: the version that introduced it, and the document's.
        case needsVersion(Int, documentVersion: Int)
        case unknownFormat
        case unsupportedVersion
        case invalidID
        case invalidEmailAddress
        case invalidPhoneNumber
        case invalidUsername
        /// A first or last name longer than 256 characters or 1024 bytes, or with a control character in it.
        case invalidName
        /// The user has no email address, phone number or username to sign in with.
        case noIdentifier
        /// A phone reserved for second factor that is not verified.
        case unverifiedSecondFactor
        case unsupportedHasher
        case invalidPasswordDigest
        case invalidTOTPSecret
        case unsupportedBackupCodeHash
        case invalidBackupCodeSalt
        case invalidBackupCodeDigest
        case invalidTime
        case invalidMetadata
        /// An external account's provider user id that is empty, longer than 255 characters or has a control character.
        case invalidProviderUserID
        /// Not unpadded base64url, or not of a length in `bytes`.
        case invalidBase64URL(bytes: ClosedRange<Int>)
        /// A passkey's public key that is not a COSE key of its `algorithm`.
        case invalidPasskeyPublicKey
        case invalidPasskeyName
        /// A passkey transport WebAuthn does not define.
        case unknownTransport
        /// A lockout count below 0 or above the instance's `lockout.max_attempts`.
        case attemptsOutOfRange(max: Int)
        /// The value repeats the one at this path of the same document.
        case duplicate(of: String)
        /// An organization's slug that is not 1 to 64 lowercase letters, digits, - and _.
        case invalidSlug
        /// An organization's name that is empty, longer than 256 characters or has a control character.
        case invalidOrganizationName
        /// A membership limit below 0.
        case negativeLimit
        /// A member who is neither a user of the document nor of the server.
        case unknownUser
        /// A role the instance's organization settings do not have.
        case unknownRole
        /// An invitation's ticket digest that is not standard Base64 of 32 bytes.
        case invalidTicketDigest
        /// An organization domain's name that is not a domain name (labels of letters, digits and inner hyphens).
        case invalidDomainName
        /// An enrollment mode Clerk does not have, or the instance's organization settings do not allow.
        case unknownEnrollmentMode
        /// A trusted device's platform other than `ios` and `android`.
        case unknownPlatform
        /// Text that is empty, longer than `maxLength` characters, has surrounding whitespace or a control character.
        case invalidText(maxLength: Int)
        /// A trusted device's `public_key_jwk` that is not a P-256 public key (`kty` EC, `crv` P-256, `x` and `y`).
        case invalidDeviceKey
        /// A status the record does not have; the ones it has.
        case unknownStatus([String])
        /// The organization, membership, invitation, trusted device or waitlist entry id, the slug, or the waitlist
        /// address, is already one of the server's.
        case organizationDataExists
        /// The user's id is already a user of the server.
        case userExists
        /// The email address, phone number or username already identifies this user of the server.
        case identifierTaken(byUserID: String)
        /// The email address or phone number id is already used by this user of the server.
        case idTaken(byUserID: String)
    }

    /// The JSON path of the field, empty for the document itself.
    public var field: String
    /// The id of the user the field belongs to, when it is known.
    public var userID: String?
    public var problem: Problem

    public init(field: String, userID: String? = nil, problem: Problem) {
        self.field = field
        self.userID = userID
        self.problem = problem
    }

    public var description: String {
        let place = field.isEmpty ? "the document" : field
        return place + (userID.map { " (user \($0))" } ?? "") + ": " + message
    }

    /// What is wrong, without the value.
    public var message: String {
        switch problem {
        case .invalidJSON(let problem): "is \(problem)"
        case .notJSON: "is not a JSON object"
        case .missing: "is missing"
        case .wrongType: "has the wrong type"
        case .unknownField:
            "is not a field of \(UserExportDocument.format) (versions \(UserExportDocument.readableVersions.lowerBound) to \(UserExportDocument.readableVersions.upperBound))"
        case .needsVersion(let introduced, let declared): "needs version \(introduced); this document is version \(declared)"
        case .unknownFormat: "must be \"\(UserExportDocument.format)\""
        case .unsupportedVersion:
            "must be \(UserExportDocument.readableVersions.map(String.init).joined(separator: " or ")), the versions this server reads"
        case .invalidID: "is not an id of the expected kind (its prefix, _, then 1 to 64 letters or digits)"
        case .invalidEmailAddress: "is not a valid email address"
        case .invalidPhoneNumber: "is not a phone number in E.164 form"
        case .invalidUsername: "is not a valid username (4 to 64 letters, digits, _ and -, not all digits)"
        case .unsupportedHasher: "must be \"bcrypt\""
        case .invalidPasswordDigest:
            "is not a bcrypt digest this server verifies ($2a$ or $2b$, cost \(PasswordDigestFormat.costs.lowerBound) to \(PasswordDigestFormat.costs.upperBound), 53 characters of bcrypt's Base64)"
        case .invalidName:
            "must be at most \(UserFieldRules.maxNameLength) characters and \(UserFieldRules.maxNameBytes) bytes without control characters"
        case .noIdentifier: "is empty, and the user has no phone number or username either: a user needs an identifier"
        case .unverifiedSecondFactor: "is true for a phone number that is not verified"
        case .invalidTOTPSecret: "is not a Base32 secret of 1 to \(TOTP.maxSecretBytes) bytes"
        case .unsupportedBackupCodeHash: "must be \"sha256\""
        case .invalidBackupCodeSalt: "is not standard Base64 of 1 to 64 bytes"
        case .invalidBackupCodeDigest: "is not standard Base64 of a 32-byte SHA-256 digest"
        case .invalidTime: "is not a time in Unix milliseconds between 1970 and 9999"
        case .invalidMetadata:
            "must be a JSON object of at most \(MetadataLimits.maxBytes) bytes nested at most \(MetadataLimits.maxDepth) levels deep"
        case .invalidProviderUserID: "must be 1 to 255 characters without control characters"
        case .invalidBase64URL(let bytes):
            bytes.count == 1
                ? "is not unpadded base64url of \(bytes.lowerBound) bytes"
                : "is not unpadded base64url of \(bytes.lowerBound) to \(bytes.upperBound) bytes"
        case .invalidPasskeyPublicKey: "is not unpadded base64url of a COSE key (ES256 or RS256) of the passkey's algorithm"
        case .invalidPasskeyName:
            "must be 1 to \(PasskeyRules.passkeyNameMaxLength) characters without control characters or surrounding whitespace"
        case .unknownTransport: "is not a transport WebAuthn defines (\(RegisteredPasskeyCredential.knownTransports.sorted().joined(separator: ", ")))"
        case .attemptsOutOfRange(let max): "must be between 0 and \(max), the instance's lockout.max_attempts"
        case .duplicate(let first): "repeats \(first)"
        case .invalidSlug: "is not 1 to 64 lowercase letters, digits, - and _"
        case .invalidOrganizationName: "must be 1 to 256 characters without control characters"
        case .negativeLimit: "must be 0 (no limit) or more"
        case .unknownUser: "is not a user of the document or of this server"
        case .unknownRole: "is not a role of the instance's organization settings"
        case .invalidTicketDigest: "is not standard Base64 of a 32-byte SHA-256 digest"
        case .unknownPlatform: "is not a platform of trusted devices (android, ios)"
        case .invalidText(let maxLength): "must be 1 to \(maxLength) characters without control characters or surrounding whitespace"
        case .invalidDeviceKey: "is not a P-256 public key as a JWK (kty EC, crv P-256, x and y as unpadded base64url of 32 bytes)"
        case .unknownStatus(let statuses): "is not a status of the record (\(statuses.joined(separator: ", ")))"
        case .invalidDomainName: "is not a domain name (labels of lowercase letters, digits and inner hyphens)"
        case .unknownEnrollmentMode: "is not an enrollment mode the instance's organization settings allow"
        case .organizationDataExists: "is already taken on this server"
        case .userExists: "is already a user of this server"
        case .identifierTaken(let owner): "already identifies user \(owner) on this server"
        case .idTaken(let owner): "is already the id of an email address or phone number of user \(owner) on this server"
        }
    }
}
