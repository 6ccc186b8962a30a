import ClerkAPI
import ClerkLocalCore
import Foundation

/// Turns the store's records into the generated wire types, minting session tokens on the way.
package struct WirePresenter: Sendable {
    package let settings: InstanceSettings
    package let signer: any TokenSigning
    /// The server's URL: the tokens' `iss`.
    package let issuer: String

    package func client(_ snapshot: ClientSnapshot, azp: String) async throws -> ClientResource {
        var sessions: [Session] = []
        for record in snapshot.sessions {
            guard let user = snapshot.users[record.userID] else { continue }
            sessions.append(
                try await session(
                    record, user: user, now: snapshot.now, azp: azp, organization: snapshot.organizations[record.id],
                    memberships: snapshot.memberships[record.userID] ?? []))
        }
        let record = snapshot.client
        return ClientResource(
            id: record.id, sessions: sessions,
            signIn: snapshot.signIn.map { signIn($0, snapshot: snapshot) },
            signUp: snapshot.signUp.map { signUp($0, now: snapshot.now) },
            lastActiveSessionID: record.lastActiveSessionID,
            lastAuthenticationStrategy: record.lastAuthenticationStrategy,
            cookieExpiresAt: timestamp(record.createdAt.addingTimeInterval(365 * 24 * 3600)),
            captchaBypass: false, createdAt: timestamp(record.createdAt), updatedAt: timestamp(record.updatedAt))
    }

    package func signIn(_ record: SignInRecord, snapshot: ClientSnapshot) -> SignIn {
        let user = record.concealed ? nil : record.userID.flatMap { snapshot.users[$0] }
        let showSecond = record.status == .needsSecondFactor || record.status == .needsClientTrust || record.secondFactor != nil
        return SignIn(
            id: record.id, status: record.status, supportedIdentifiers: supportedIdentifiers,
            supportedFirstFactors: record.status == .needsIdentifier ? nil : record.firstFactors.map(factor),
            supportedSecondFactors: showSecond ? (record.secondFactors ?? []).map(factor) : nil,
            firstFactorVerification: record.firstFactor.map { verification($0, now: snapshot.now, fallbackExpireAt: record.abandonAt) },
            secondFactorVerification: record.secondFactor.map { verification($0, now: snapshot.now) },
            identifier: record.identifier,
            userData: user.map { SignInUserData(firstName: $0.firstName, lastName: $0.lastName, imageURL: imageURL(of: $0), hasImage: $0.profileImage != nil) },
            createdSessionID: record.createdSessionID, abandonAt: timestamp(record.abandonAt),
            clientTrustState: record.clientTrustState)
    }

    package func signUp(_ record: SignUpRecord, now: Date) -> SignUp {
        let requirements = SignUpRequirements(record: record, settings: settings, now: now)
        let hasPassword = record.passwordHash != nil
        return SignUp(
            id: record.id, status: record.status, requiredFields: requirements.required,
            optionalFields: requirements.optional, missingFields: requirements.missing,
            unverifiedFields: requirements.unverified,
            verifications: SignUpVerifications(
                emailAddress: record.emailVerification.map {
                    signUpVerification($0, supported: [$0.strategy], abandonAt: record.abandonAt, now: now)
                },
                phoneNumber: record.phoneVerification.map {
                    signUpVerification($0, supported: [.phoneCode], abandonAt: record.abandonAt, now: now)
                },
                externalAccount: record.externalVerification.map { verification($0, now: now, fallbackExpireAt: record.abandonAt) }
                    ?? signUpExternalAccountVerification(record)),
            username: record.username, emailAddress: record.emailAddress, phoneNumber: record.phoneNumber,
            passwordEnabled: hasPassword, firstName: record.firstName, lastName: record.lastName,
            unsafeMetadata: record.unsafeMetadata ?? .object([:]), publicMetadata: record.publicMetadata ?? .object([:]), customAction: false,
            createdSessionID: record.createdSessionID, createdUserID: record.createdUserID,
            abandonAt: timestamp(record.abandonAt), legalAcceptedAt: record.legalAcceptedAt.map(timestamp),
            hasPassword: hasPassword)
    }

    package func session(
        _ record: SessionRecord, user: UserRecord, now: Date, azp: String, organization: ActiveOrganization? = nil,
        memberships: [MembershipView] = []
    ) async throws -> Session {
        let live = record.isLive(at: now, settings: settings.sessions)
        let jwt = live ? try await token(for: record, user: user, now: now, azp: azp, organization: organization) : nil
        return Session(
            id: record.id, status: record.status(at: now, settings: settings.sessions), expireAt: timestamp(record.expireAt),
            abandonAt: timestamp(record.abandonAt), lastActiveAt: timestamp(record.lastActiveAt),
            lastActiveToken: jwt.map { TokenResource(jwt: $0) }, actor: record.actor, lastActiveOrganizationID: organization?.id,
            user: self.user(user, now: now, memberships: memberships), publicUserData: publicUserData(user),
            factorVerificationAge: factorAges(record, now: now), createdAt: timestamp(record.createdAt),
            updatedAt: timestamp(record.updatedAt), tasks: record.tasks.map { SessionTask(key: $0) })
    }

    /// A session token: RS256, about a minute long, with Clerk's version 2 claims.
    package func token(
        for record: SessionRecord, user: UserRecord, now: Date, azp: String, organization: ActiveOrganization? = nil
    ) async throws -> String {
        let issuedAt = Int(now.timeIntervalSince1970)
        let organizationClaims = organization?.claims
        let claims = SessionClaims(
            iss: issuer, sub: user.id, sid: record.id, azp: azp, iat: issuedAt,
            // A little leeway for clocks slightly behind the server's, as Clerk's tokens have.
            nbf: issuedAt - 10, exp: issuedAt + settings.sessions.tokenLifetimeSeconds,
            fva: factorAges(record, now: now), sts: record.status == .pending ? "pending" : nil,
            o: organizationClaims?.organization, fea: organizationClaims?.features, act: record.actor)
        return try await signer.sign(claims)
    }

    /// - Parameter memberships: the user's organization memberships, oldest first.
    package func user(_ record: UserRecord, now: Date, memberships: [MembershipView] = []) -> User {
        User(
            id: record.id, username: record.username, firstName: record.firstName, lastName: record.lastName,
            imageURL: imageURL(of: record), hasImage: record.profileImage != nil, primaryEmailAddressID: record.primaryEmail?.id,
            primaryPhoneNumberID: record.primaryPhone?.id, passwordEnabled: record.passwordHash != nil,
            twoFactorEnabled: record.twoFactorEnabled, totpEnabled: record.hasTOTP,
            backupCodeEnabled: record.hasBackupCodes,
            emailAddresses: record.emails.map { emailAddress($0, now: now) }, phoneNumbers: record.phones.map { phoneNumber($0, now: now) },
            web3Wallets: [], passkeys: record.registeredPasskeys.map { passkey($0, now: now) }, organizationMemberships: memberships.map(membership),
            externalAccounts: record.allExternalAccounts.map { externalAccount($0, of: record, now: now) }, samlAccounts: [],
            enterpriseAccounts: enterpriseAccounts(of: record),
            passwordLastUpdatedAt: record.passwordUpdatedAt.map(timestamp), publicMetadata: record.publicMetadata ?? .object([:]),
            unsafeMetadata: record.unsafeMetadata, lastSignInAt: record.lastSignInAt.map(timestamp), banned: false,
            locked: record.lockout.remainingLock(now: now) != nil,
            lockoutExpiresInSeconds: record.lockout.remainingLock(now: now),
            verificationAttemptsRemaining: record.lockout.attemptsRemaining(settings: settings.lockout),
            createdAt: timestamp(record.createdAt), updatedAt: timestamp(record.updatedAt), deleteSelfEnabled: settings.actions.deleteSelf,
            createOrganizationEnabled: settings.organizations.enabled, mfaEnabledAt: record.mfaEnabledAt.map(timestamp),
            legalAcceptedAt: record.legalAcceptedAt.map(timestamp))
    }

    // MARK: Parts

    private let defaultAvatarURL = "https://img.clerk.com/local-default-avatar"

    /// Where the user's profile image is served (by this server), or the default avatar.
    func imageURL(of record: UserRecord) -> String {
        record.profileImage.map { issuer + $0.path } ?? defaultAvatarURL
    }

    /// An uploaded image as Clerk's `Image` object.
    package func image(_ stored: StoredImage) -> UploadedImage {
        UploadedImage(object: "image", id: stored.id, name: stored.name, publicURL: issuer + stored.path)
    }

    private var supportedIdentifiers: [SignInIdentifier] {
        var identifiers: [SignInIdentifier] = []
        if settings.emailAddress.enabled, settings.emailAddress.usedForSignIn { identifiers.append(.emailAddress) }
        if settings.phoneNumber.enabled, settings.phoneNumber.usedForSignIn { identifiers.append(.phoneNumber) }
        if settings.username.enabled { identifiers.append(.username) }
        return identifiers
    }

    func factor(_ record: FactorRecord) -> SignInFactor {
        SignInFactor(
            strategy: record.strategy, safeIdentifier: record.safeIdentifier, enterpriseConnectionID: record.enterpriseConnectionID,
            enterpriseConnectionName: record.enterpriseConnectionName, emailAddressID: record.emailAddressID,
            phoneNumberID: record.phoneNumberID, primary: record.primary, default: record.isDefault)
    }

    /// `fallbackExpireAt` stands in where the spec's shape requires `expire_at` and nothing expires
    /// (an identity token's verification).
    func verification(_ record: VerificationRecord, now: Date, fallbackExpireAt: Date? = nil) -> Verification {
        let status = record.status(now: now)
        let identityObject = Self.identityVerificationObject(record.strategy)
        if record.strategy == .passkey { return passkeyVerification(record, now: now) }
        if record.strategy == .trustedDevice { return trustedDeviceVerification(record, now: now) }
        return Verification(
            object: identityObject, status: status, strategy: record.strategy, attempts: record.currentAttempts,
            expireAt: (record.expireAt ?? (identityObject == nil ? nil : fallbackExpireAt)).map(timestamp),
            verifiedAtClient: record.link?.openedByClientID,
            externalVerificationRedirectURL: status == .unverified ? record.external?.redirectURL : nil,
            error: identityObject == nil && record.external == nil
                ? nil : Self.externalVerificationError(record.external, strategy: record.strategy) ?? Self.identityVerificationError(status))
    }

    /// A verification not yet prepared has no code to expire; it is given the sign-up's abandon time,
    /// since the spec's OTP verification always carries `expire_at`.
    private func signUpVerification(_ record: VerificationRecord, supported: [Strategy], abandonAt: Date, now: Date) -> Verification {
        let status = record.status(now: now)
        let next: NextAction = status == .verified ? .none : (record.challenge == nil ? .needsPrepare : .needsAttempt)
        return Verification(
            object: Self.identityVerificationObject(record.strategy), status: status, strategy: record.strategy, attempts: record.currentAttempts,
            expireAt: timestamp(record.expireAt ?? abandonAt), nextAction: next, supportedStrategies: supported)
    }

    package func emailAddress(_ record: EmailRecord, now: Date) -> EmailAddress {
        EmailAddress(
            id: record.id, emailAddress: record.address, reserved: false,
            verification: identificationVerification(
                verified: record.verified, challenge: record.challenge, awaiting: record.awaitingVerification,
                strategy: .emailCode, createdAt: record.createdAt, now: now),
            linkedTo: [], createdAt: timestamp(record.createdAt), updatedAt: timestamp(record.createdAt))
    }

    package func phoneNumber(_ record: PhoneRecord, now: Date, backupCodes: [String]? = nil) -> PhoneNumber {
        PhoneNumber(
            id: record.id, phoneNumber: record.number, reservedForSecondFactor: record.reservedForSecondFactor,
            defaultSecondFactor: record.reservedForSecondFactor && record.defaultSecondFactor, reserved: false,
            verification: identificationVerification(
                verified: record.verified, challenge: record.challenge, awaiting: record.awaitingVerification,
                strategy: .phoneCode, createdAt: record.createdAt, now: now),
            linkedTo: [], backupCodes: backupCodes, createdAt: timestamp(record.createdAt), updatedAt: timestamp(record.createdAt))
    }

    /// The code sent for it when there is one; none for an address added on the account and not
    /// yet sent a code.
    private func identificationVerification(
        verified: Bool, challenge: CodeChallenge?, awaiting: Bool, strategy: Strategy, createdAt: Date, now: Date
    ) -> Verification? {
        if let challenge {
            return Verification(
                status: challenge.status(now: now), strategy: strategy, attempts: challenge.attempts,
                expireAt: timestamp(challenge.expiresAt))
        }
        if awaiting { return nil }
        return Verification(
            status: verified ? .verified : .unverified, strategy: strategy, attempts: nil, expireAt: timestamp(createdAt))
    }

    func publicUserData(_ record: UserRecord) -> PublicUserData {
        PublicUserData(
            firstName: record.firstName, lastName: record.lastName, imageURL: imageURL(of: record), hasImage: record.profileImage != nil,
            identifier: record.displayIdentifier, userID: record.id, username: record.username)
    }

    /// Minutes since the first factor and since the second (-1 when there was none).
    private func factorAges(_ record: SessionRecord, now: Date) -> [Int] {
        let first = max(0, Int(now.timeIntervalSince(record.firstFactorVerifiedAt) / 60))
        let second = record.secondFactorVerifiedAt.map { max(0, Int(now.timeIntervalSince($0) / 60)) } ?? -1
        return [first, second]
    }

    private func timestamp(_ date: Date) -> ClerkTimestamp {
        ClerkTimestamp(date)
    }
}
