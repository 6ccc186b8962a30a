/// Fields a sign-up may need, without wire details. Unset fields are not sent.
///
/// The password is a `SecretString`, so printing or dumping details shows no secret.
public struct SignUpDetails: Sendable, Hashable {
    /// The email address.
    public var emailAddress: String?
    /// The phone number, in E.164 form (checked before any request).
    public var phoneNumber: String?
    /// The password.
    public var password: SecretString?
    /// The username.
    public var username: String?
    /// The first name.
    public var firstName: String?
    /// The last name.
    public var lastName: String?
    /// Whether the user accepted the legal terms (`legal_accepted`).
    public var legalAccepted: Bool?
    /// Free-form metadata stored on the user.
    public var unsafeMetadata: JSONValue?

    /// Details with the given fields set.
    public init(
        emailAddress: String? = nil,
        phoneNumber: String? = nil,
        password: SecretString? = nil,
        username: String? = nil,
        firstName: String? = nil,
        lastName: String? = nil,
        legalAccepted: Bool? = nil,
        unsafeMetadata: JSONValue? = nil
    ) {
        self.emailAddress = emailAddress
        self.phoneNumber = phoneNumber
        self.password = password
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.legalAccepted = legalAccepted
        self.unsafeMetadata = unsafeMetadata
    }

    /// Whether no field is set.
    public var isEmpty: Bool { self == SignUpDetails() }

    /// The fields of `SignUpField` kind these details supply.
    public var suppliedFields: Set<SignUpField> {
        var fields = Set<SignUpField>()
        if emailAddress != nil { fields.insert(.emailAddress) }
        if phoneNumber != nil { fields.insert(.phoneNumber) }
        if password != nil { fields.insert(.password) }
        if username != nil { fields.insert(.username) }
        if firstName != nil { fields.insert(.firstName) }
        if lastName != nil { fields.insert(.lastName) }
        if legalAccepted != nil { fields.insert(.legalAccepted) }
        return fields
    }

    /// The body of `POST /v1/client/sign_ups`.
    /// - Throws: `ClerkError.invalidInput` for a phone number not in E.164 form.
    public func createBody() throws(ClerkError) -> CreateSignUpRequest.Body {
        if let phoneNumber { try PhoneNumberValidation.validate(phoneNumber) }
        return CreateSignUpRequest.Body(
            password: password?.revealed, firstName: firstName, lastName: lastName, username: username,
            emailAddress: emailAddress, phoneNumber: phoneNumber, unsafeMetadata: unsafeMetadata,
            legalAccepted: legalAccepted)
    }

    /// The body of `PATCH /v1/client/sign_ups/{id}`.
    /// - Throws: `ClerkError.invalidInput` for a phone number not in E.164 form.
    public func updateBody() throws(ClerkError) -> UpdateSignUpRequest.Body {
        if let phoneNumber { try PhoneNumberValidation.validate(phoneNumber) }
        return UpdateSignUpRequest.Body(
            password: password?.revealed, firstName: firstName, lastName: lastName, username: username,
            emailAddress: emailAddress, phoneNumber: phoneNumber, unsafeMetadata: unsafeMetadata,
            legalAccepted: legalAccepted)
    }
}
