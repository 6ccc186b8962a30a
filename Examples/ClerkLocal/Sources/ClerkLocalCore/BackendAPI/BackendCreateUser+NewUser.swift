// `POST /users` in the terms every entry point shares (`NewUser`).

extension BackendCreateUser {
    /// Every address and number verified (an admin vouches for them), the first of each primary; a
    /// password required when the instance requires one, unless `skip_password_requirement`.
    package var newUser: NewUser {
        var user = NewUser()
        user.emailAddresses = (emailAddress ?? []).map { NewUser.Email(address: $0) }
        user.phoneNumbers = (phoneNumber ?? []).map { NewUser.Phone(number: $0) }
        user.username = username
        user.firstName = firstName
        user.lastName = lastName
        user.requiresPasswordIfInstanceDoes = skipPasswordRequirement != true
        user.unsafeMetadata = unsafeMetadata
        return user
    }

    /// Creates the user, its password checked against the policy unless `skip_password_checks`.
    package func create(with creation: UserCreation) async throws -> CreatedUser {
        do {
            return try await creation.create(newUser, password: password, checks: skipPasswordChecks == true ? .storableOnly : .policy)
        } catch let refusal as NewUserRefusal {
            guard case .noIdentifier = refusal.problem else { throw FrontendError(refusal) }
            throw FrontendError(
                .formParamMissing, variant: "FormMissingParameter", paramName: "email_address",
                longMessage: "A user needs at least one identifier: email_address, phone_number or username.")
        }
    }
}
