import ClerkAPI
import Foundation

/// What a sign-up still lacks under the instance's settings: the fields it must have, may have,
/// has not supplied, and has supplied without verifying.
package struct SignUpRequirements: Sendable {
    package var required: [SignUpField]
    package var optional: [SignUpField]
    package var missing: [SignUpField]
    package var unverified: [SignUpField]

    package init(record: SignUpRecord, settings: InstanceSettings, now: Date) {
        var required: [SignUpField] = []
        var optional: [SignUpField] = []
        func classify(_ field: SignUpField, enabled: Bool, isRequired: Bool) {
            guard enabled else { return }
            if isRequired { required.append(field) } else { optional.append(field) }
        }
        classify(.emailAddress, enabled: settings.emailAddress.enabled, isRequired: settings.emailAddress.required)
        classify(.phoneNumber, enabled: settings.phoneNumber.enabled, isRequired: settings.phoneNumber.required)
        classify(.username, enabled: settings.username.enabled, isRequired: settings.username.required)
        // A sign-up with an identity provider's account needs no password, as with Clerk's OAuth sign-ups.
        classify(.password, enabled: settings.password.enabled, isRequired: settings.password.required && record.identity == nil)
        classify(.firstName, enabled: settings.firstName.enabled, isRequired: settings.firstName.required)
        classify(.lastName, enabled: settings.lastName.enabled, isRequired: settings.lastName.required)
        if settings.legalConsentRequired { required.append(.legalAccepted) }

        func present(_ field: SignUpField) -> Bool {
            switch field {
            case .emailAddress: record.emailAddress != nil
            case .phoneNumber: record.phoneNumber != nil
            case .username: record.username != nil
            case .password: record.passwordHash != nil
            case .firstName: record.firstName != nil
            case .lastName: record.lastName != nil
            case .legalAccepted: record.legalAcceptedAt != nil
            default: true
            }
        }
        var missing = required.filter { !present($0) }
        // A user needs some identifier even where none is required on its own.
        let identifierFields: [SignUpField] = [.emailAddress, .phoneNumber, .username]
        if !identifierFields.contains(where: present), !missing.contains(where: identifierFields.contains),
            let first = optional.first(where: identifierFields.contains)
        {
            missing.append(first)
        }
        var unverified: [SignUpField] = []
        if record.emailAddress != nil, let verification = record.emailVerification, verification.status(now: now) != .verified {
            unverified.append(.emailAddress)
        }
        if record.phoneNumber != nil, let verification = record.phoneVerification, verification.status(now: now) != .verified {
            unverified.append(.phoneNumber)
        }
        self.required = required
        self.optional = optional
        self.missing = missing
        self.unverified = unverified
    }
}
