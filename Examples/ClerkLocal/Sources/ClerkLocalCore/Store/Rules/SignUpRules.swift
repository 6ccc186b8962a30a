import ClerkAPI
import Foundation

/// The rules of sign-ups: starting and updating one, verifying its identifiers, completing it.
package struct SignUpRules: InstanceRules {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

extension SignUpRules {
    // MARK: POST /v1/client/sign_ups and PATCH /v1/client/sign_ups/{id}

    /// Validates a create or update without changing anything but the rate limiter, so that a
    /// password is hashed only for a request that will be accepted. Answers the identifiers the
    /// password may not equal.
    package mutating func checkSignUp(_ meta: RequestMeta, _ input: SignUpInput, transfer: Bool, signUpID: String?) throws(FrontendError) -> [String] {
        try admit(meta, identifier: input.emailAddress ?? input.phoneNumber ?? input.emailAddressOrPhoneNumber)
        let record: SignUpRecord
        if let signUpID {
            record = try updatableSignUp(meta, id: signUpID).1
        } else {
            try checkCaptcha(meta, input, transfer: transfer)
            record = try newSignUp(meta, transfer: transfer, invited: input.ticket != nil || input.strategy == .ticket).1
        }
        let changed = try applying(input, to: record, passwordHash: input.hasPassword ? "" : nil)
        return [changed.emailAddress, changed.phoneNumber, changed.username].compactMap { $0 }
    }

    package mutating func createSignUp(
        _ meta: RequestMeta, _ input: SignUpInput, transfer: Bool, passwordHash: String?
    ) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try checkCaptcha(meta, input, transfer: transfer)
        var (client, record) = try newSignUp(meta, transfer: transfer, invited: input.ticket != nil || input.strategy == .ticket)
        record = try applying(input, to: record, passwordHash: passwordHash)
        try settle(&record, client: &client)
        if transfer { client.signInID = nil }
        return commit(record, client: &client)
    }

    package mutating func updateSignUp(
        _ meta: RequestMeta, id: String, _ input: SignUpInput, passwordHash: String?
    ) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        var (client, record) = try updatableSignUp(meta, id: id)
        record = try applying(input, to: record, passwordHash: passwordHash)
        try settle(&record, client: &client)
        return commit(record, client: &client)
    }

    package mutating func readSignUp(_ meta: RequestMeta, id: String) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        let (client, record) = try signUp(meta, id: id, forUpdate: false)
        return StoreAnswer(resource: record, snapshot: snapshot(of: client.id))
    }

    // MARK: Verification

    package mutating func prepareSignUpVerification(
        _ meta: RequestMeta, id: String, _ input: CodePreparation
    ) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        var (client, record) = try updatableSignUp(meta, id: id)
        try admit(meta, identifier: record.emailAddress ?? record.phoneNumber)
        let codeChallenge = try nativeLinkChallenge(strategy: input.strategy, challenge: input.codeChallenge, method: input.codeChallengeMethod)
        switch input.strategy {
        case .emailCode:
            guard let email = record.emailAddress else {
                throw .clientState("prepare_verification", "The sign-up has no email address to verify.")
            }
            guard record.emailVerification?.status(now: now) != .verified else { throw FrontendError(.verificationAlreadyVerified) }
            try checkResend(record.emailVerification, strategy: .emailCode, factorID: nil)
            let challenge = issueCode(to: email, channel: .email, purpose: "sign_up.email_code", deliver: true)
            record.emailVerification = .code(.emailCode, challenge: challenge, factorID: nil)
        case .emailLink:
            guard let email = record.emailAddress else {
                throw .clientState("prepare_verification", "The sign-up has no email address to verify.")
            }
            guard record.emailVerification?.status(now: now) != .verified else { throw FrontendError(.verificationAlreadyVerified) }
            record.emailVerification = try prepareLink(
                .emailLink, to: email, factorID: nil, redirectURL: input.redirectURL, purpose: "sign_up.email_link", deliver: true)
            record.emailVerification?.link?.codeChallenge = codeChallenge
        case .phoneCode:
            guard let phone = record.phoneNumber else {
                throw .clientState("prepare_verification", "The sign-up has no phone number to verify.")
            }
            guard record.phoneVerification?.status(now: now) != .verified else { throw FrontendError(.verificationAlreadyVerified) }
            try checkResend(record.phoneVerification, strategy: .phoneCode, factorID: nil)
            let challenge = issueCode(to: phone, channel: .sms, purpose: "sign_up.phone_code", deliver: true)
            record.phoneVerification = .code(.phoneCode, challenge: challenge, factorID: nil)
        default:
            throw refuseStrategy(input.strategy)
        }
        return commit(record, client: &client)
    }

    package mutating func attemptSignUpVerification(
        _ meta: RequestMeta, id: String, _ input: VerificationAttempt
    ) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        var (client, record) = try updatableSignUp(meta, id: id)
        try admit(meta, identifier: record.emailAddress ?? record.phoneNumber)
        guard input.strategy == .emailCode || input.strategy == .phoneCode else { throw refuseStrategy(input.strategy) }
        guard let code = input.code, !code.isEmpty else { throw .missing("code") }
        let isEmail = input.strategy == .emailCode
        guard var verification = isEmail ? record.emailVerification : record.phoneVerification,
            var challenge = verification.challenge
        else { throw FrontendError(.verificationMissing) }

        let outcome = challenge.attempt(code, now: now, settings: settings.codes)
        verification.challenge = challenge
        if isEmail { record.emailVerification = verification } else { record.phoneVerification = verification }
        signUps[record.id] = record
        guard outcome == .verified else { throw codeFailure(outcome) }
        try settle(&record, client: &client)
        return commit(record, client: &client)
    }

    // MARK: Requirements

    package func requirements(of record: SignUpRecord) -> SignUpRequirements {
        SignUpRequirements(record: record, settings: settings, now: now)
    }

    // MARK: Helpers

    /// `invited`: the sign-up carries an invitation's ticket, which restricted and waitlist modes admit.
    mutating func newSignUp(_ meta: RequestMeta, transfer: Bool, invited: Bool) throws(FrontendError) -> (ClientRecord, SignUpRecord) {
        let client = try clientOrNew(meta)
        try ensureNoLiveSession(client)
        switch settings.signUpMode {
        case _ where invited: break
        case .restricted: throw FrontendError(.signUpModeRestricted)
        case .waitlist: throw FrontendError(.signUpRestrictedWaitlist)
        case .public: break
        }
        var record = SignUpRecord(
            id: SecureRandom.identifier(prefix: "sua"), clientID: client.id, status: .missingRequirements,
            createdAt: now, abandonAt: now.addingTimeInterval(24 * 3600))
        if transfer {
            let transferable = client.signInID.flatMap { signIns[$0] }.flatMap { $0.firstFactor?.status(now: now) == .transferable ? $0 : nil }
            // An identity token's sign-in hands over the identity it proved.
            if let identity = transferable?.identityTransfer {
                try adopt(identity, into: &record)
                return (client, record)
            }
            guard let signIn = transferable, let identifier = signIn.identifier, let kind = signIn.identifierKind
            else { throw FrontendError(.accountTransferInvalid) }
            let proof = VerificationRecord.verified(signIn.firstFactor?.strategy ?? .emailCode, attempts: signIn.firstFactor?.currentAttempts)
            switch kind {
            case .emailAddress:
                record.emailAddress = identifier
                record.emailVerification = proof
            case .phoneNumber:
                record.phoneNumber = identifier
                record.phoneVerification = proof
            case .username:
                throw FrontendError(.accountTransferInvalid)
            }
        }
        return (client, record)
    }

    mutating func updatableSignUp(_ meta: RequestMeta, id: String) throws(FrontendError) -> (ClientRecord, SignUpRecord) {
        let (client, record) = try signUp(meta, id: id, forUpdate: true)
        guard record.status == .missingRequirements else {
            throw .clientState("update", "The sign-up is already \(record.status.rawValue).")
        }
        return (client, record)
    }

    private mutating func signUp(_ meta: RequestMeta, id: String, forUpdate: Bool) throws(FrontendError) -> (ClientRecord, SignUpRecord) {
        let client = try requireClient(meta)
        guard let record = signUps[id], record.clientID == client.id else { throw .notFound("SignUpNotFound") }
        if forUpdate, client.signUpID != id { throw FrontendError(.resourceForbidden, variant: "SignUpForbiddenAccess") }
        return (client, record)
    }

    /// The record with the input applied, or the first reason the input is refused.
    mutating func applying(_ input: SignUpInput, to record: SignUpRecord, passwordHash: String?) throws(FrontendError) -> SignUpRecord {
        var record = record
        if let ticket = input.ticket {
            record = try applyingInvitation(ticket, to: record, input: input)
        } else if record.invitationID != nil || record.organizationInvitationID != nil, let invited = record.emailAddress {
            try Self.requireInvitedAddress(input, invited: invited)
        }
        var email = input.emailAddress
        var phone = input.phoneNumber
        if let either = input.emailAddressOrPhoneNumber {
            if IdentifierFormat.kind(of: either) == .emailAddress { email = email ?? either } else { phone = phone ?? either }
        }
        if let email {
            guard settings.emailAddress.enabled else { throw .unknownParameter("email_address") }
            let normalized = IdentifierFormat.normalizedEmail(email)
            guard IdentifierFormat.isValidEmail(normalized) else { throw .invalidEmail("email_address") }
            guard userIDsByEmail[normalized] == nil else { throw .identifierExists("email_address") }
            if normalized != record.emailAddress {
                record.emailAddress = normalized
                record.emailVerification =
                    settings.emailAddress.verifyAtSignUp || settings.emailLink.verifyAtSignUp
                    ? Self.awaitingPrepare(settings.emailLink.verifyAtSignUp ? .emailLink : .emailCode) : nil
            }
        }
        if let phone {
            guard settings.phoneNumber.enabled else { throw .unknownParameter("phone_number") }
            guard let normalized = IdentifierFormat.normalizedPhone(phone) else { throw .invalidPhone("phone_number") }
            guard userIDsByPhone[normalized] == nil else { throw .identifierExists("phone_number") }
            if normalized != record.phoneNumber {
                record.phoneNumber = normalized
                record.phoneVerification = settings.phoneNumber.verifyAtSignUp ? Self.awaitingPrepare(.phoneCode) : nil
            }
        }
        if let username = input.username {
            guard settings.username.enabled else { throw .unknownParameter("username") }
            guard IdentifierFormat.isValidUsername(username) else {
                throw .invalidFormat("username", longMessage: "Usernames are 4 to 64 letters, digits, '_' or '-', not only digits.")
            }
            guard userIDsByUsername[username.lowercased()] == nil else { throw .identifierExists("username") }
            record.username = username
        }
        if let passwordHash {
            guard settings.password.enabled else { throw .unknownParameter("password") }
            record.passwordHash = passwordHash
        }
        if let firstName = input.firstName {
            record.firstName = try UserFieldRules.name(firstName, parameter: "first_name")
        }
        if let lastName = input.lastName {
            record.lastName = try UserFieldRules.name(lastName, parameter: "last_name")
        }
        if input.legalAccepted == true, record.legalAcceptedAt == nil {
            record.legalAcceptedAt = now
        }
        if let metadata = input.unsafeMetadata {
            guard case .object = metadata else {
                throw FrontendError(
                    .formParamValueInvalid, variant: "FormMetadataInvalidType", paramName: "unsafe_metadata",
                    longMessage: "unsafe_metadata must be a JSON object.")
            }
            try MetadataLimits.check(metadata, parameter: "unsafe_metadata")
            record.unsafeMetadata = metadata
        }
        if input.strategy == .ticket, input.ticket == nil { throw .missing("ticket") }
        if let strategy = input.strategy, ![Strategy.password, .emailCode, .phoneCode, .emailLink, .ticket].contains(strategy) {
            throw refuseStrategy(strategy)
        }
        if input.web3Wallet != nil { throw .unknownParameter("web3_wallet") }
        return record
    }

    private static func awaitingPrepare(_ strategy: Strategy) -> VerificationRecord {
        VerificationRecord(strategy: strategy, fixedStatus: .unverified, attempts: nil, challenge: nil, factorID: nil)
    }

    /// Sets the status; when nothing is missing or unverified, creates the user and the session.
    mutating func settle(_ record: inout SignUpRecord, client: inout ClientRecord) throws(FrontendError) {
        let requirements = requirements(of: record)
        guard requirements.missing.isEmpty, requirements.unverified.isEmpty else {
            record.status = .missingRequirements
            return
        }
        try checkAdmission(of: record)
        // Another sign-up may have taken an identifier since this one set it.
        if let email = record.emailAddress, userIDsByEmail[email] != nil { throw .identifierExists("email_address") }
        if let phone = record.phoneNumber, userIDsByPhone[phone] != nil { throw .identifierExists("phone_number") }
        if let username = record.username, userIDsByUsername[username.lowercased()] != nil { throw .identifierExists("username") }

        let now = self.now
        var user = UserRecord(id: SecureRandom.identifier(prefix: "user"), createdAt: now, updatedAt: now)
        if let email = record.emailAddress {
            let verified = record.emailVerification?.status(now: now) == .verified
            user.emails = [EmailRecord(id: SecureRandom.identifier(prefix: "idn"), address: email, verified: verified, createdAt: now)]
        }
        if let phone = record.phoneNumber {
            let verified = record.phoneVerification?.status(now: now) == .verified
            user.phones = [
                PhoneRecord(
                    id: SecureRandom.identifier(prefix: "idn"), number: phone, verified: verified, reservedForSecondFactor: false, createdAt: now)
            ]
        }
        user.username = record.username
        user.firstName = record.firstName
        user.lastName = record.lastName
        user.passwordHash = record.passwordHash
        user.passwordUpdatedAt = record.passwordHash == nil ? nil : now
        user.legalAcceptedAt = record.legalAcceptedAt
        user.unsafeMetadata = record.unsafeMetadata ?? .object([:])
        user.publicMetadata = record.publicMetadata
        if let identity = record.identity, let connectionID = identity.enterpriseConnectionID {
            user.enterpriseAccounts = [EnterpriseAccountRecord(identity, connectionID: connectionID, now: now)]
        } else {
            user.externalAccounts = record.identity.map { [ExternalAccountRecord($0, now: now)] }
        }
        store(user)
        acceptInvitation(of: record)
        let strategy =
            record.identity?.strategy ?? record.emailVerification?.strategy ?? record.phoneVerification?.strategy
            ?? (record.passwordHash != nil ? .password : nil)
        let session = startSession(for: user.id, on: &client, strategy: strategy, firstFactorAt: now, secondFactorAt: nil)
        if let id = record.organizationInvitationID { joinInvitedOrganization(id, userID: user.id, sessionID: session.id) }
        record.status = .complete
        record.createdUserID = user.id
        record.createdSessionID = session.id
    }

    mutating func commit(_ record: SignUpRecord, client: inout ClientRecord) -> StoreAnswer<SignUpRecord> {
        signUps[record.id] = record
        client.signUpID = record.id
        store(client)
        return StoreAnswer(resource: record, snapshot: snapshot(of: client.id))
    }
}
