import ClerkAPI
import Foundation

// Strict reading of a user export: the format and version are checked before anything else, and
// a key the format does not define is refused rather than ignored, so a misspelt `totp` cannot
// quietly import a user without their authenticator. Values are checked on import
// (`ExportedUser.newUser(at:maxAttempts:)`, then `UserIntake`), where the target instance is known too.

extension UserExportDocument: Decodable {
    /// The document in `data`, or where it departs from the format.
    public static func decode(from data: Data) throws(UserImportError) -> UserExportDocument {
        do {
            return try JSONDecoder().decode(UserExportDocument.self, from: data)
        } catch let error as UserImportError {
            throw error
        } catch {
            // Parsed again only to say where a document that is not JSON at all stops being JSON.
            if let problem = JSONSyntax.problem(in: data) { throw UserImportError(field: "", problem: .invalidJSON(problem)) }
            if let error = error as? DecodingError { throw UserImportError(error) }
            throw UserImportError(field: "", problem: .notJSON)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        guard format == Self.format else { throw UserImportError(field: "format", problem: .unknownFormat) }
        version = try container.decode(Int.self, forKey: .version)
        guard Self.readableVersions.contains(version) else { throw UserImportError(field: "version", problem: .unsupportedVersion) }
        try decoder.refuseUnknownKeys(CodingKeys.self)
        exportedAt = try container.decode(Int64.self, forKey: .exportedAt)
        users = try container.decode([ExportedUser].self, forKey: .users)
        for (key, introduced) in Self.introducedIn.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where version < introduced && container.contains(key) {
            throw UserImportError(field: key.rawValue, problem: .needsVersion(introduced, documentVersion: version))
        }
        organizations = try container.decodeIfPresent([ExportedOrganization].self, forKey: .organizations) ?? []
        if version < 3, let index = organizations.firstIndex(where: { $0.domains != nil || $0.membershipRequests != nil }) {
            let key = organizations[index].domains != nil ? "domains" : "membership_requests"
            throw UserImportError(field: "organizations[\(index)].\(key)", problem: .needsVersion(3, documentVersion: version))
        }
        trustedDevices = try container.decodeIfPresent([ExportedTrustedDevice].self, forKey: .trustedDevices) ?? []
        waitlistEntries = try container.decodeIfPresent([ExportedWaitlistEntry].self, forKey: .waitlistEntries) ?? []
    }
}

extension ExportedUser: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        username = try container.decodeIfPresent(String.self, forKey: .username)
        firstName = try container.decodeIfPresent(String.self, forKey: .firstName)
        lastName = try container.decodeIfPresent(String.self, forKey: .lastName)
        emailAddresses = try container.decode([ExportedEmailAddress].self, forKey: .emailAddresses)
        phoneNumbers = try container.decode([ExportedPhoneNumber].self, forKey: .phoneNumbers)
        password = try container.decodeIfPresent(ExportedPassword.self, forKey: .password)
        passwordCompromised = try container.decode(Bool.self, forKey: .passwordCompromised)
        totp = try container.decodeIfPresent(ExportedTOTP.self, forKey: .totp)
        backupCodes = try container.decodeIfPresent(ExportedBackupCodes.self, forKey: .backupCodes)
        lockout = try container.decodeIfPresent(ExportedLockout.self, forKey: .lockout)
        unsafeMetadata = try container.decode(JSONValue.self, forKey: .unsafeMetadata)
        legalAcceptedAt = try container.decodeIfPresent(Int64.self, forKey: .legalAcceptedAt)
        mfaEnabledAt = try container.decodeIfPresent(Int64.self, forKey: .mfaEnabledAt)
        lastSignInAt = try container.decodeIfPresent(Int64.self, forKey: .lastSignInAt)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        updatedAt = try container.decode(Int64.self, forKey: .updatedAt)
        externalAccounts = try container.decodeIfPresent([ExportedExternalAccount].self, forKey: .externalAccounts)
        passkeys = try container.decodeIfPresent([ExportedPasskey].self, forKey: .passkeys)
        passkeyUserHandle = try container.decodeIfPresent(String.self, forKey: .passkeyUserHandle)
    }
}

extension ExportedExternalAccount: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        provider = try container.decode(IdentityTokenProvider.self, forKey: .provider)
        providerUserID = try container.decode(String.self, forKey: .providerUserID)
        emailAddress = try container.decode(String.self, forKey: .emailAddress)
        firstName = try container.decodeIfPresent(String.self, forKey: .firstName)
        lastName = try container.decodeIfPresent(String.self, forKey: .lastName)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        updatedAt = try container.decode(Int64.self, forKey: .updatedAt)
    }
}

extension ExportedPasskey: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        credentialID = try container.decode(String.self, forKey: .credentialID)
        publicKey = try container.decode(String.self, forKey: .publicKey)
        algorithm = try container.decode(COSEAlgorithm.self, forKey: .algorithm)
        signCount = try container.decode(UInt32.self, forKey: .signCount)
        aaguid = try container.decode(String.self, forKey: .aaguid)
        backupEligible = try container.decode(Bool.self, forKey: .backupEligible)
        backedUp = try container.decode(Bool.self, forKey: .backedUp)
        userVerified = try container.decode(Bool.self, forKey: .userVerified)
        transports = try container.decode([String].self, forKey: .transports)
        attestation = try container.decode(AttestationKind.self, forKey: .attestation)
        lastUsedAt = try container.decodeIfPresent(Int64.self, forKey: .lastUsedAt)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        updatedAt = try container.decode(Int64.self, forKey: .updatedAt)
    }
}

extension ExportedEmailAddress: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        emailAddress = try container.decode(String.self, forKey: .emailAddress)
        verified = try container.decode(Bool.self, forKey: .verified)
        awaitingVerification = try container.decode(Bool.self, forKey: .awaitingVerification)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
    }
}

extension ExportedPhoneNumber: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        phoneNumber = try container.decode(String.self, forKey: .phoneNumber)
        verified = try container.decode(Bool.self, forKey: .verified)
        awaitingVerification = try container.decode(Bool.self, forKey: .awaitingVerification)
        reservedForSecondFactor = try container.decode(Bool.self, forKey: .reservedForSecondFactor)
        defaultSecondFactor = try container.decode(Bool.self, forKey: .defaultSecondFactor)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
    }
}

extension ExportedPassword: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hasher = try container.decode(String.self, forKey: .hasher)
        digest = try container.decode(String.self, forKey: .digest)
        updatedAt = try container.decodeIfPresent(Int64.self, forKey: .updatedAt)
    }
}

extension ExportedTOTP: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        secret = try container.decode(String.self, forKey: .secret)
        enabledAt = try container.decodeIfPresent(Int64.self, forKey: .enabledAt)
        lastUsedStep = try container.decodeIfPresent(Int64.self, forKey: .lastUsedStep)
    }
}

extension ExportedBackupCodes: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        algorithm = try container.decode(String.self, forKey: .algorithm)
        salt = try container.decode(String.self, forKey: .salt)
        digests = try container.decode([String].self, forKey: .digests)
    }
}

extension ExportedLockout: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        failedAttempts = try container.decode(Int.self, forKey: .failedAttempts)
        lockedUntil = try container.decodeIfPresent(Int64.self, forKey: .lockedUntil)
    }
}

/// Any key of a JSON object, to list the keys it really has.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Decoder {
    /// Refuses an object with a key that is not one of `Keys`.
    func refuseUnknownKeys<Keys: CodingKey & CaseIterable>(_: Keys.Type) throws {
        let known = Set(Keys.allCases.map(\.stringValue))
        let present = try container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        if let unknown = present.filter({ !known.contains($0) }).min() {
            throw UserImportError(field: UserImportError.path(codingPath + [AnyKey(stringValue: unknown)]), problem: .unknownField)
        }
    }
}

extension UserImportError {
    /// Where the decoder stopped, and why.
    package init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(field: Self.path(context.codingPath + [key]), problem: .missing)
        case .valueNotFound(_, let context):
            self.init(field: Self.path(context.codingPath), problem: .missing)
        case .typeMismatch(_, let context), .dataCorrupted(let context):
            self.init(field: Self.path(context.codingPath), problem: context.codingPath.isEmpty ? .notJSON : .wrongType)
        @unknown default:
            self.init(field: "", problem: .notJSON)
        }
    }

    /// `users[3].email_addresses[0].email_address`.
    package static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
