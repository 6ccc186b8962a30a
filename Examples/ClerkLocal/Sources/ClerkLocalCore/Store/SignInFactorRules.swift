import ClerkAPI
import Foundation

/// A sign-in identifier as read under the instance's settings.
package struct ParsedIdentifier: Sendable {
    package var value: String
    package var kind: IdentifierKind
}

/// Which factors a sign-in offers under the instance's settings: rules of the settings alone, with no
/// state of their own (the store applies them; `InstanceRules.factorRules`).
package struct SignInFactorRules {
    package let settings: InstanceSettings
    package let now: Date

    /// Classifies, normalizes and checks a sign-in identifier against the instance's settings.
    package func parseIdentifier(_ raw: String) throws(FrontendError) -> ParsedIdentifier {
        let trimmed = raw.trimmingWhitespace()
        switch IdentifierFormat.kind(of: trimmed) {
        case .emailAddress:
            let email = IdentifierFormat.normalizedEmail(trimmed)
            guard IdentifierFormat.isValidEmail(email) else { throw .invalidEmail("identifier") }
            guard settings.emailAddress.enabled, settings.emailAddress.usedForSignIn else {
                throw .invalidFormat("identifier", longMessage: "Email addresses are not a sign-in identifier of this application.")
            }
            return ParsedIdentifier(value: email, kind: .emailAddress)
        case .phoneNumber:
            guard let phone = IdentifierFormat.normalizedPhone(trimmed) else { throw .invalidPhone("identifier") }
            guard settings.phoneNumber.enabled, settings.phoneNumber.usedForSignIn else {
                throw .invalidFormat("identifier", longMessage: "Phone numbers are not a sign-in identifier of this application.")
            }
            return ParsedIdentifier(value: phone, kind: .phoneNumber)
        case .username:
            guard settings.username.enabled else {
                throw .invalidFormat(
                    "identifier", longMessage: "identifier must be an email address or a phone number in E.164 format.")
            }
            guard IdentifierFormat.isValidUsername(trimmed) else { throw .invalidFormat("identifier") }
            return ParsedIdentifier(value: trimmed.lowercased(), kind: .username)
        }
    }

    /// The `enterprise_sso` factor of an address an active enterprise connection serves, nil for any other.
    package func enterpriseFactor(for address: String) -> FactorRecord? {
        guard let connection = settings.enterpriseConnection(serving: address), connection.active else { return nil }
        var factor = FactorRecord(strategy: .enterpriseSSO, safeIdentifier: address)
        factor.enterpriseConnectionID = connection.id
        factor.enterpriseConnectionName = connection.name
        return factor
    }

    /// The user's own first factors. Only the identifier the sign-in was started with is shown in
    /// full; the account's other addresses and numbers are masked.
    package func firstFactors(for user: UserRecord, identifier: String?) -> [FactorRecord] {
        var factors: [FactorRecord] = []
        let email = settings.emailAddress
        let phone = settings.phoneNumber
        if email.enabled, email.usedForSignIn, email.codeSignIn {
            for address in user.emails where !address.awaitingVerification {
                factors.append(emailFactor(.emailCode, address, primary: address.id == user.primaryEmail?.id, shownTo: identifier))
            }
        }
        if email.enabled, email.usedForSignIn, settings.emailLink.signIn {
            for address in user.emails where !address.awaitingVerification {
                factors.append(emailFactor(.emailLink, address, primary: address.id == user.primaryEmail?.id, shownTo: identifier))
            }
        }
        if phone.enabled, phone.usedForSignIn, phone.codeSignIn {
            for number in user.phones where !number.awaitingVerification && (!number.reservedForSecondFactor || user.phones.count == 1) {
                factors.append(phoneFactor(.phoneCode, number, primary: number.id == user.primaryPhone?.id, shownTo: identifier))
            }
        }
        if settings.password.enabled, user.passwordHash != nil {
            factors.append(FactorRecord(strategy: .password))
        }
        if settings.passkeys != nil, !user.registeredPasskeys.isEmpty {
            factors.append(FactorRecord(strategy: .passkey))
        }
        if let identifier, let factor = enterpriseFactor(for: identifier) { factors.append(factor) }
        if settings.password.enabled {
            if email.enabled, let address = user.primaryEmail {
                factors.append(emailFactor(.resetPasswordEmailCode, address, primary: true, shownTo: identifier))
            }
            if phone.enabled, let number = user.primaryPhone {
                factors.append(phoneFactor(.resetPasswordPhoneCode, number, primary: true, shownTo: identifier))
            }
        }
        return factors
    }

    /// First factors that look the same whether or not an account exists: built from the
    /// identifier and the instance's settings, with a fresh identification id every time, since the
    /// account's own id would repeat across sign-ins and so reveal it.
    package func concealedFirstFactors(for identifier: ParsedIdentifier, signUpIfMissing: Bool) -> [FactorRecord] {
        let passwordOffered = settings.password.enabled && !signUpIfMissing
        let id = SecureRandom.identifier(prefix: "idn")
        switch identifier.kind {
        case .emailAddress:
            let address = EmailRecord(id: id, address: identifier.value, verified: true, createdAt: now)
            var factors: [FactorRecord] = []
            if settings.emailAddress.codeSignIn || (signUpIfMissing && !settings.emailLink.signIn) {
                factors.append(emailFactor(.emailCode, address, primary: true, shownTo: identifier.value))
            }
            if settings.emailLink.signIn {
                factors.append(emailFactor(.emailLink, address, primary: true, shownTo: identifier.value))
            }
            if passwordOffered {
                factors.append(FactorRecord(strategy: .password))
                factors.append(emailFactor(.resetPasswordEmailCode, address, primary: true, shownTo: identifier.value))
            }
            return factors
        case .phoneNumber:
            let number = PhoneRecord(id: id, number: identifier.value, verified: true, reservedForSecondFactor: false, createdAt: now)
            var factors: [FactorRecord] = []
            if settings.phoneNumber.codeSignIn || signUpIfMissing {
                factors.append(phoneFactor(.phoneCode, number, primary: true, shownTo: identifier.value))
            }
            if passwordOffered {
                factors.append(FactorRecord(strategy: .password))
                factors.append(phoneFactor(.resetPasswordPhoneCode, number, primary: true, shownTo: identifier.value))
            }
            return factors
        case .username:
            return passwordOffered ? [FactorRecord(strategy: .password)] : []
        }
    }

    /// The user's second factors the instance allows; backup codes only beside another one.
    package func secondFactors(for user: UserRecord) -> [FactorRecord] {
        guard settings.mfa.anyEnabled else { return [] }
        var factors: [FactorRecord] = []
        if settings.mfa.phoneCode, let number = user.secondFactorPhone {
            var factor = phoneFactor(.phoneCode, number, primary: number.id == user.primaryPhone?.id, shownTo: nil)
            factor.isDefault = true
            factors.append(factor)
        }
        if settings.mfa.authenticatorApp, user.hasTOTP {
            factors.append(FactorRecord(strategy: .totp, isDefault: factors.isEmpty))
        }
        if settings.mfa.backupCodes, user.hasBackupCodes, !factors.isEmpty {
            factors.append(FactorRecord(strategy: .backupCode))
        }
        return factors
    }

    /// Client Trust asks for an email code (or link, on an instance that signs in by link and not by
    /// code), or an SMS code only when email is off for the instance.
    package func clientTrustFactors(for user: UserRecord, identifier: String?) -> [FactorRecord] {
        if settings.emailAddress.enabled {
            // A code, or the link when the instance signs in by link and not by code.
            let linkOnly = settings.emailLink.signIn && !settings.emailAddress.codeSignIn
            return user.primaryEmail.map { [emailFactor(linkOnly ? .emailLink : .emailCode, $0, primary: true, shownTo: identifier)] } ?? []
        }
        if settings.phoneNumber.enabled {
            return user.primaryPhone.map { [phoneFactor(.phoneCode, $0, primary: true, shownTo: identifier)] } ?? []
        }
        return []
    }

    /// The first factors a re-verification of the user's session accepts: the password, and a code
    /// to each verified email address and to each verified phone number not kept for second factor,
    /// all masked.
    package func reverificationFirstFactors(for user: UserRecord) -> [FactorRecord] {
        var factors: [FactorRecord] = []
        if settings.password.enabled, user.passwordHash != nil {
            factors.append(FactorRecord(strategy: .password))
        }
        if settings.emailAddress.enabled {
            for address in user.emails where address.verified && !address.awaitingVerification {
                factors.append(emailFactor(.emailCode, address, primary: address.id == user.primaryEmail?.id, shownTo: nil))
            }
        }
        if settings.phoneNumber.enabled {
            for number in user.phones where number.verified && !number.awaitingVerification && !number.reservedForSecondFactor {
                factors.append(phoneFactor(.phoneCode, number, primary: number.id == user.primaryPhone?.id, shownTo: nil))
            }
        }
        return factors
    }

    /// The factor a prepare request means: the one with the given identification id, or the
    /// primary one of the strategy.
    package static func selectFactor(
        _ factors: [FactorRecord], strategy: Strategy, emailAddressID: String?, phoneNumberID: String?
    ) throws(FrontendError) -> FactorRecord {
        let candidates = factors.filter { $0.strategy == strategy }
        guard !candidates.isEmpty else { throw .strategyInvalid() }
        if let emailAddressID {
            guard let factor = candidates.first(where: { $0.emailAddressID == emailAddressID }) else {
                throw FrontendError(.formResourceNotFound, paramName: "email_address_id")
            }
            return factor
        }
        if let phoneNumberID {
            guard let factor = candidates.first(where: { $0.phoneNumberID == phoneNumberID }) else {
                throw FrontendError(.formResourceNotFound, paramName: "phone_number_id")
            }
            return factor
        }
        return candidates.first { $0.primary == true } ?? candidates[0]
    }

    /// `shownTo`: the identifier the caller typed; the address is shown in full only if it is that one.
    private func emailFactor(_ strategy: Strategy, _ address: EmailRecord, primary: Bool, shownTo identifier: String?) -> FactorRecord {
        let shown = address.address == identifier ? address.address : Self.maskedEmail(address.address)
        return FactorRecord(
            strategy: strategy, safeIdentifier: shown, emailAddressID: address.id, primary: primary,
            destination: address.address)
    }

    private func phoneFactor(_ strategy: Strategy, _ number: PhoneRecord, primary: Bool, shownTo identifier: String?) -> FactorRecord {
        let shown = number.number == identifier ? number.number : Self.masked(number.number)
        return FactorRecord(
            strategy: strategy, safeIdentifier: shown, phoneNumberID: number.id, primary: primary,
            destination: number.number)
    }

    /// `j*******@example.com`: the first character of the local part and the domain.
    package static func maskedEmail(_ address: String) -> String {
        guard let at = address.lastIndex(of: "@") else { return String(repeating: "*", count: address.count) }
        let local = address[..<at]
        guard let first = local.first else { return address }
        return String(first) + String(repeating: "*", count: max(1, local.count - 1)) + address[at...]
    }

    /// `+1******0100`: country code and last four digits.
    package static func masked(_ phone: String) -> String {
        let digits = Array(phone.dropFirst())
        guard digits.count > 5 else { return phone }
        return "+" + String(digits.prefix(1)) + String(repeating: "*", count: digits.count - 5) + String(digits.suffix(4))
    }
}
