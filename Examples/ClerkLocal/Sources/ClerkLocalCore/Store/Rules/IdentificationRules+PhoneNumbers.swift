import ClerkAPI
import Foundation

/// A phone number of the user as an answer shows it, with the backup codes its reservation for
/// second factor generated (the user's first second factor), shown once.
package struct AccountPhone: Sendable {
    package var phone: PhoneRecord
    package var backupCodes: [String]?
}

/// `/v1/me/phone_numbers`: add, verify by SMS code, reserve for second factor, remove.
extension IdentificationRules {
    package mutating func listPhoneNumbers(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> [PhoneRecord] {
        try account(meta, sessionID: sessionID, mutation: false).user.phones
    }

    package mutating func readPhoneNumber(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<AccountPhone> {
        let context = try account(meta, sessionID: sessionID, mutation: false)
        let phone = try Self.phone(id, of: context.user)
        return accountAnswer(AccountPhone(phone: phone), context)
    }

    package mutating func addPhoneNumber(
        _ meta: RequestMeta, sessionID: String?, _ input: NewPhoneNumber
    ) throws(FrontendError) -> StoreAnswer<AccountPhone> {
        let context = try account(meta, sessionID: sessionID, mutation: true, resolves: [.setupMFA])
        try requireRecentVerification(context)
        guard settings.phoneNumber.enabled || settings.mfa.phoneCode else { throw FrontendError(.featureNotEnabled) }
        guard let number = IdentifierFormat.normalizedPhone(input.phoneNumber.trimmingWhitespace()) else {
            throw .invalidPhone("phone_number")
        }
        if input.reservedForSecondFactor == true {
            throw FrontendError(.identificationUpdateSecondFactorUnverified, paramName: "reserved_for_second_factor")
        }
        var user = context.user
        if userIDsByPhone[number] != nil || user.phones.contains(where: { $0.number == number }) {
            throw .identifierExists("phone_number")
        }
        try ensureRoomForUnverified(user)
        let phone = PhoneRecord(
            id: SecureRandom.identifier(prefix: "idn"), number: number, verified: false, reservedForSecondFactor: false,
            createdAt: now, awaitingVerification: true)
        user.phones.append(phone)
        store(user)
        return accountAnswer(AccountPhone(phone: phone), context)
    }

    package mutating func preparePhoneVerification(
        _ meta: RequestMeta, sessionID: String?, id: String, _ input: CodePreparation
    ) throws(FrontendError) -> StoreAnswer<AccountPhone> {
        let context = try account(meta, sessionID: sessionID, mutation: true, resolves: [.setupMFA])
        guard input.strategy == .phoneCode else { throw refuseStrategy(input.strategy) }
        var user = context.user
        var phone = try Self.phone(id, of: user)
        phone = try sendCode(to: phone, at: phone.number, channel: .sms, purpose: "account.phone_code", user: &user) { $0.replace($1) }
        return accountAnswer(AccountPhone(phone: phone), context)
    }

    package mutating func attemptPhoneVerification(
        _ meta: RequestMeta, sessionID: String?, id: String, code: String
    ) throws(FrontendError) -> StoreAnswer<AccountPhone> {
        let context = try account(meta, sessionID: sessionID, mutation: true, resolves: [.setupMFA])
        var user = context.user
        var phone = try Self.phone(id, of: user)
        if let owner = userIDsByPhone[phone.number], owner != user.id { throw .identifierExists("phone_number") }
        phone = try verify(phone, code: code, user: &user) { $0.replace($1) }
        return accountAnswer(AccountPhone(phone: phone), context)
    }

    /// Reserves a verified number for second factor (the first second factor also brings backup
    /// codes and resolves `setup-mfa`), releases it, or makes it the default one.
    package mutating func updatePhoneNumber(
        _ meta: RequestMeta, sessionID: String?, id: String, _ input: PhoneNumberChange
    ) throws(FrontendError) -> StoreAnswer<AccountPhone> {
        let context = try account(meta, sessionID: sessionID, mutation: true, resolves: [.setupMFA])
        var user = context.user
        var phone = try Self.phone(id, of: user)
        if let reserve = input.reservedForSecondFactor, reserve != phone.reservedForSecondFactor {
            try requireRecentVerification(context)
        }
        guard input.reservedForSecondFactor != nil || input.defaultSecondFactor != nil else {
            throw FrontendError(
                .formParamMissing, variant: "FormAtLeastOneOptionalParameterMissing", paramName: "reserved_for_second_factor",
                longMessage: "at least one of `reserved_for_second_factor`, `default_second_factor` must be provided")
        }
        let reserve = input.reservedForSecondFactor ?? phone.reservedForSecondFactor
        if input.defaultSecondFactor == false, phone.defaultSecondFactor, reserve {
            throw FrontendError(.formDisableDefaultSecondFactorNotAllowed, paramName: "default_second_factor")
        }
        if reserve, !phone.reservedForSecondFactor {
            guard settings.mfa.phoneCode else { throw FrontendError(.featureNotEnabled) }
            guard phone.verified, !phone.awaitingVerification else {
                throw FrontendError(.identificationUpdateSecondFactorUnverified, paramName: "reserved_for_second_factor")
            }
        }
        if !reserve, phone.reservedForSecondFactor { try ensureSecondFactorMayGo(user, removing: phone.id) }
        if input.defaultSecondFactor == true, !reserve {
            throw FrontendError(.identificationUpdateSecondFactorUnverified, paramName: "default_second_factor")
        }

        let firstFactor = !hasSecondFactor(user)
        phone.reservedForSecondFactor = reserve
        let otherDefault = user.phones.contains { $0.id != phone.id && $0.reservedForSecondFactor && $0.defaultSecondFactor }
        phone.defaultSecondFactor = reserve && (input.defaultSecondFactor == true || (phone.defaultSecondFactor || !otherDefault))
        if phone.defaultSecondFactor {
            for index in user.phones.indices where user.phones[index].id != phone.id { user.phones[index].defaultSecondFactor = false }
        }
        user.replace(phone)
        user.ensureDefaultSecondFactorPhone()
        var backupCodes: [String]?
        if reserve, firstFactor {
            backupCodes = issueFirstBackupCodes(&user)
            if user.mfaEnabledAt == nil { user.mfaEnabledAt = now }
        }
        dropBackupCodesWithoutSecondFactor(&user)
        store(user)
        if reserve { resolveTask(.setupMFA, userID: user.id) }
        return accountAnswer(AccountPhone(phone: user.phones.first { $0.id == phone.id } ?? phone, backupCodes: backupCodes), context)
    }

    package mutating func deletePhoneNumber(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        try requireRecentVerification(context)
        var user = context.user
        let phone = try Self.phone(id, of: user)
        if phone.reservedForSecondFactor { try ensureSecondFactorMayGo(user, removing: phone.id) }
        try ensureMayDelete(phone, among: user.phones, required: settings.phoneNumber.required, of: user, named: "phone number")
        user.phones.removeAll { $0.id == phone.id }
        user.ensureDefaultSecondFactorPhone()
        dropBackupCodesWithoutSecondFactor(&user)
        store(user)
        return accountAnswer(DeletedRecord(id: phone.id, object: "phone_number"), context)
    }

    private static func phone(_ id: String, of user: UserRecord) throws(FrontendError) -> PhoneRecord {
        guard let phone = user.phones.first(where: { $0.id == id }) else { throw .notFound("IdentificationNotFound") }
        return phone
    }
}

extension UserRecord {
    package mutating func replace(_ phone: PhoneRecord) {
        if let index = phones.firstIndex(where: { $0.id == phone.id }) { phones[index] = phone }
    }

    package mutating func replace(_ email: EmailRecord) {
        if let index = emails.firstIndex(where: { $0.id == email.id }) { emails[index] = email }
    }

    /// With reserved numbers, exactly one of them is the default.
    package mutating func ensureDefaultSecondFactorPhone() {
        for index in phones.indices where !phones[index].reservedForSecondFactor { phones[index].defaultSecondFactor = false }
        if !phones.contains(where: { $0.reservedForSecondFactor && $0.defaultSecondFactor }),
            let first = phones.firstIndex(where: \.reservedForSecondFactor)
        {
            phones[first].defaultSecondFactor = true
        }
    }
}
