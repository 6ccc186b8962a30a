import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// `/v1/me`: the signed-in user's account, every request acting for the session in
/// `_clerk_session_id`. Mutations answer the resource in the envelope with the client, so the
/// caller sees its session's new status and tasks at once.
extension FrontendRoutes {
    package func registerAccount(on router: MethodAwareRouter) {
        registerUser(on: router)
        registerSecondFactors(on: router)
        registerPhoneNumbers(on: router)
        registerEmailAddresses(on: router)
        registerProfile(on: router)
        route(DeleteExternalAccountRequest.self, on: router) { call in
            try await call.deleted(ExternalAccountRules.self) {
                try $0.deleteExternalAccount(call.meta, sessionID: call.sessionID, id: call.parameter("external_account_id"))
            }
        }
        route(ConnectExternalAccountRequest.self, on: router) { call in try await core.oauth.startConnection(call) }
        route(ReauthorizeExternalAccountRequest.self, on: router) { call in try await core.oauth.startReauthorization(call) }
    }

    private func registerUser(on router: MethodAwareRouter) {
        route(GetUserRequest.self, on: router) { call in
            if let nonce = call.request.uri.queryParameters.get("rotating_token_nonce") {
                return try await call.user(ExternalAccountRules.self) {
                    try $0.redeemExternalAccountConnection(call.meta, sessionID: call.sessionID, nonce: nonce)
                }
            }
            return try await call.user(AccountRules.self) { try $0.readAccount(call.meta, sessionID: call.sessionID) }
        }
        route(UpdateUserRequest.self, on: router) { call in
            try await call.user(AccountRules.self) { try $0.updateAccount(call.meta, sessionID: call.sessionID, AccountChange(call.body)) }
        }
        route(ChangePasswordRequest.self, on: router) { call in
            try await call.answer(
                PasswordRules.self, plan: { try $0.planPasswordChange(call.meta, sessionID: call.sessionID, PasswordChange(call.body)) },
                outside: { plan in try await call.newPasswordDigest(plan) },
                complete: { rules, plan, digest in
                    // No digest: the current password given was wrong, which counts towards lockout.
                    guard let digest else { throw rules.failedCurrentPassword(userID: plan.userID) }
                    return try rules.completePasswordChange(
                        call.meta, sessionID: call.sessionID, plan: plan, newHash: digest,
                        signOutOfOtherSessions: call.body.signOutOfOtherSessions ?? false)
                }, present: call.presentUser)
        }
    }

    private func registerSecondFactors(on router: MethodAwareRouter) {
        route(CreateTOTPRequest.self, on: router) { call in
            try await call.answer(SecondFactorRules.self, { try $0.createTOTP(call.meta, sessionID: call.sessionID) }) { answer in
                try await call.envelope(core.presenter.totp(answer.resource), answer.snapshot)
            }
        }
        route(VerifyTOTPRequest.self, on: router) { call in
            try await call.answer(SecondFactorRules.self, { try $0.verifyTOTP(call.meta, sessionID: call.sessionID, code: call.body.code) }) { answer in
                try await call.envelope(core.presenter.totp(answer.resource), answer.snapshot)
            }
        }
        route(DeleteTOTPRequest.self, on: router) { call in
            try await call.deleted(SecondFactorRules.self) { try $0.deleteTOTP(call.meta, sessionID: call.sessionID) }
        }
        route(CreateBackupCodesRequest.self, on: router) { call in
            try await call.answer(SecondFactorRules.self, { try $0.createBackupCodes(call.meta, sessionID: call.sessionID) }) { answer in
                try await call.envelope(core.presenter.backupCodes(answer.resource), answer.snapshot)
            }
        }
    }

    private func registerPhoneNumbers(on router: MethodAwareRouter) {
        route(GetPhoneNumbersRequest.self, on: router) { call in
            let phones = try await core.store.perform(IdentificationRules.self) { try $0.listPhoneNumbers(call.meta, sessionID: call.sessionID) }
            let now = core.now()
            return WireResponses.json(try WireResponses.encode(phones.map { core.presenter.phoneNumber($0, now: now) }))
        }
        route(CreatePhoneNumberRequest.self, on: router) { call in
            try await call.phone(IdentificationRules.self) { try $0.addPhoneNumber(call.meta, sessionID: call.sessionID, NewPhoneNumber(call.body)) }
        }
        route(GetPhoneNumberRequest.self, on: router) { call in
            try await call.phone(IdentificationRules.self) {
                try $0.readPhoneNumber(call.meta, sessionID: call.sessionID, id: call.parameter("phone_number_id"))
            }
        }
        route(UpdatePhoneNumberRequest.self, on: router) { call in
            try await call.phone(IdentificationRules.self) {
                try $0.updatePhoneNumber(
                    call.meta, sessionID: call.sessionID, id: call.parameter("phone_number_id"), PhoneNumberChange(call.body))
            }
        }
        route(DeletePhoneNumberRequest.self, on: router) { call in
            try await call.deleted(IdentificationRules.self) {
                try $0.deletePhoneNumber(call.meta, sessionID: call.sessionID, id: call.parameter("phone_number_id"))
            }
        }
        route(PreparePhoneNumberVerificationRequest.self, on: router) { call in
            try await call.phone(IdentificationRules.self) {
                try $0.preparePhoneVerification(
                    call.meta, sessionID: call.sessionID, id: call.parameter("phone_number_id"), CodePreparation(call.body))
            }
        }
        route(AttemptPhoneNumberVerificationRequest.self, on: router) { call in
            try await call.phone(IdentificationRules.self) {
                try $0.attemptPhoneVerification(
                    call.meta, sessionID: call.sessionID, id: call.parameter("phone_number_id"), code: call.body.code)
            }
        }
    }

    private func registerEmailAddresses(on router: MethodAwareRouter) {
        route(GetEmailAddressesRequest.self, on: router) { call in
            let emails = try await core.store.perform(IdentificationRules.self) { try $0.listEmailAddresses(call.meta, sessionID: call.sessionID) }
            let now = core.now()
            return WireResponses.json(try WireResponses.encode(emails.map { core.presenter.emailAddress($0, now: now) }))
        }
        route(CreateEmailAddressRequest.self, on: router) { call in
            try await call.email(IdentificationRules.self) { try $0.addEmailAddress(call.meta, sessionID: call.sessionID, address: call.body.emailAddress) }
        }
        route(GetEmailAddressRequest.self, on: router) { call in
            try await call.email(IdentificationRules.self) { try $0.readEmailAddress(call.meta, sessionID: call.sessionID, id: call.parameter("email_id")) }
        }
        route(DeleteEmailAddressRequest.self, on: router) { call in
            try await call.deleted(IdentificationRules.self) { try $0.deleteEmailAddress(call.meta, sessionID: call.sessionID, id: call.parameter("email_id")) }
        }
        route(PrepareEmailAddressVerificationRequest.self, on: router) { call in
            try await call.email(IdentificationRules.self) {
                try $0.prepareEmailVerification(
                    call.meta, sessionID: call.sessionID, id: call.parameter("email_id"), CodePreparation(call.body))
            }
        }
        route(AttemptEmailAddressVerificationRequest.self, on: router) { call in
            try await call.email(IdentificationRules.self) {
                try $0.attemptEmailVerification(
                    call.meta, sessionID: call.sessionID, id: call.parameter("email_id"), code: call.body.code)
            }
        }
    }
}

extension FrontendCall where Body == ChangePasswordRequest.Body {
    /// The new password's digest, checked outside the store against the plan: nil when the current
    /// password given is wrong; refused when the new one breaks the policy or is the current one.
    func newPasswordDigest(_ plan: PasswordChangePlan) async throws -> String? {
        if plan.needsCurrentPassword, !(try await core.hasher.verify(body.currentPassword ?? "", against: plan.passwordHash)) {
            return nil
        }
        let new = body.newPassword ?? ""
        if let violation = core.policy.violation(of: new, parameter: "new_password", identifiers: plan.identifiers) {
            throw violation
        }
        if plan.passwordHash != nil, try await core.hasher.verify(new, against: plan.passwordHash) {
            throw FrontendError(.formNewPasswordMatchesCurrent, paramName: "new_password")
        }
        return try await core.hasher.admittedHash(new)
    }
}

extension FrontendCall {
    /// The session the request names in `_clerk_session_id`, if any.
    package var sessionID: String? {
        request.uri.queryParameters.get("_clerk_session_id")
    }

    package func user<Rules: InstanceRules>(_ rules: Rules.Type, _ operation: RulesOperation<Rules, StoreAnswer<UserRecord>>) async throws -> Response {
        try await answer(rules, operation, present: presentUser)
    }

    package func presentUser(_ answer: StoreAnswer<UserRecord>) async throws -> Response {
        let memberships = answer.snapshot.memberships[answer.resource.id] ?? []
        return try await envelope(core.presenter.user(answer.resource, now: answer.snapshot.now, memberships: memberships), answer.snapshot)
    }

    package func phone<Rules: InstanceRules>(_ rules: Rules.Type, _ operation: RulesOperation<Rules, StoreAnswer<AccountPhone>>) async throws -> Response {
        try await answer(rules, operation) { answer in
            let phone = core.presenter.phoneNumber(
                answer.resource.phone, now: answer.snapshot.now, backupCodes: answer.resource.backupCodes)
            return try await envelope(phone, answer.snapshot)
        }
    }

    package func email<Rules: InstanceRules>(_ rules: Rules.Type, _ operation: RulesOperation<Rules, StoreAnswer<EmailRecord>>) async throws -> Response {
        try await answer(rules, operation) { answer in
            try await envelope(core.presenter.emailAddress(answer.resource, now: answer.snapshot.now), answer.snapshot)
        }
    }

    package func deleted<Rules: InstanceRules>(_ rules: Rules.Type, _ operation: RulesOperation<Rules, StoreAnswer<DeletedRecord>>) async throws -> Response {
        try await answer(rules, operation) { answer in try await envelope(core.presenter.deleted(answer.resource), answer.snapshot) }
    }
}
