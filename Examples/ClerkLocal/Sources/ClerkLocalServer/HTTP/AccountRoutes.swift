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
        route(DeleteExternalAccountRequest.self, on: router) { call in
            try await call.deleted { try $0.deleteExternalAccount(call.meta, sessionID: call.sessionID, id: call.parameter("external_account_id")) }
        }
        route(ConnectExternalAccountRequest.self, on: router) { call in try await core.oauth.startConnection(call) }
    }

    private func registerUser(on router: MethodAwareRouter) {
        route(GetUserRequest.self, on: router) { call in
            if let nonce = call.request.uri.queryParameters.get("rotating_token_nonce") {
                return try await call.user { try $0.redeemExternalAccountConnection(call.meta, sessionID: call.sessionID, nonce: nonce) }
            }
            return try await call.user { try $0.readAccount(call.meta, sessionID: call.sessionID) }
        }
        route(UpdateUserRequest.self, on: router) { call in
            try await call.user { try $0.updateAccount(call.meta, sessionID: call.sessionID, AccountChange(call.body)) }
        }
        route(ChangePasswordRequest.self, on: router) { call in
            let plan = try await core.store.planPasswordChange(call.meta, sessionID: call.sessionID, PasswordChange(call.body))
            if plan.needsCurrentPassword,
                !(try await core.hasher.verify(call.body.currentPassword ?? "", against: plan.passwordHash))
            {
                throw try await core.store.perform { $0.failedCurrentPassword(userID: plan.userID) }
            }
            let new = call.body.newPassword ?? ""
            if let violation = core.policy.violation(of: new, parameter: "new_password", identifiers: plan.identifiers) {
                throw violation
            }
            if plan.passwordHash != nil, try await core.hasher.verify(new, against: plan.passwordHash) {
                throw FrontendError(.formNewPasswordMatchesCurrent, paramName: "new_password")
            }
            let hash = try await core.hasher.admittedHash(new)
            return try await call.user {
                try $0.completePasswordChange(
                    call.meta, sessionID: call.sessionID, plan: plan, newHash: hash,
                    signOutOfOtherSessions: call.body.signOutOfOtherSessions ?? false)
            }
        }
    }

    private func registerSecondFactors(on router: MethodAwareRouter) {
        route(CreateTOTPRequest.self, on: router) { call in
            try await call.answer({ try $0.createTOTP(call.meta, sessionID: call.sessionID) }) { answer in
                try await call.envelope(core.presenter.totp(answer.resource), answer.snapshot)
            }
        }
        route(VerifyTOTPRequest.self, on: router) { call in
            try await call.answer({ try $0.verifyTOTP(call.meta, sessionID: call.sessionID, code: call.body.code) }) { answer in
                try await call.envelope(core.presenter.totp(answer.resource), answer.snapshot)
            }
        }
        route(DeleteTOTPRequest.self, on: router) { call in
            try await call.deleted { try $0.deleteTOTP(call.meta, sessionID: call.sessionID) }
        }
        route(CreateBackupCodesRequest.self, on: router) { call in
            try await call.answer({ try $0.createBackupCodes(call.meta, sessionID: call.sessionID) }) { answer in
                try await call.envelope(core.presenter.backupCodes(answer.resource), answer.snapshot)
            }
        }
    }

    private func registerPhoneNumbers(on router: MethodAwareRouter) {
        route(GetPhoneNumbersRequest.self, on: router) { call in
            let phones = try await core.store.perform { try $0.listPhoneNumbers(call.meta, sessionID: call.sessionID) }
            let now = core.now()
            return WireResponses.json(try WireResponses.encode(phones.map { core.presenter.phoneNumber($0, now: now) }))
        }
        route(CreatePhoneNumberRequest.self, on: router) { call in
            try await call.phone { try $0.addPhoneNumber(call.meta, sessionID: call.sessionID, NewPhoneNumber(call.body)) }
        }
        route(GetPhoneNumberRequest.self, on: router) { call in
            try await call.phone { try $0.readPhoneNumber(call.meta, sessionID: call.sessionID, id: call.parameter("phone_number_id")) }
        }
        route(UpdatePhoneNumberRequest.self, on: router) { call in
            try await call.phone {
                try $0.updatePhoneNumber(
                    call.meta, sessionID: call.sessionID, id: call.parameter("phone_number_id"), PhoneNumberChange(call.body))
            }
        }
        route(DeletePhoneNumberRequest.self, on: router) { call in
            try await call.deleted { try $0.deletePhoneNumber(call.meta, sessionID: call.sessionID, id: call.parameter("phone_number_id")) }
        }
        route(PreparePhoneNumberVerificationRequest.self, on: router) { call in
            try await call.phone {
                try $0.preparePhoneVerification(
                    call.meta, sessionID: call.sessionID, id: call.parameter("phone_number_id"), CodePreparation(call.body))
            }
        }
        route(AttemptPhoneNumberVerificationRequest.self, on: router) { call in
            try await call.phone {
                try $0.attemptPhoneVerification(
                    call.meta, sessionID: call.sessionID, id: call.parameter("phone_number_id"), code: call.body.code)
            }
        }
    }

    private func registerEmailAddresses(on router: MethodAwareRouter) {
        route(GetEmailAddressesRequest.self, on: router) { call in
            let emails = try await core.store.perform { try $0.listEmailAddresses(call.meta, sessionID: call.sessionID) }
            let now = core.now()
            return WireResponses.json(try WireResponses.encode(emails.map { core.presenter.emailAddress($0, now: now) }))
        }
        route(CreateEmailAddressRequest.self, on: router) { call in
            try await call.email { try $0.addEmailAddress(call.meta, sessionID: call.sessionID, address: call.body.emailAddress) }
        }
        route(GetEmailAddressRequest.self, on: router) { call in
            try await call.email { try $0.readEmailAddress(call.meta, sessionID: call.sessionID, id: call.parameter("email_id")) }
        }
        route(DeleteEmailAddressRequest.self, on: router) { call in
            try await call.deleted { try $0.deleteEmailAddress(call.meta, sessionID: call.sessionID, id: call.parameter("email_id")) }
        }
        route(PrepareEmailAddressVerificationRequest.self, on: router) { call in
            try await call.email {
                try $0.prepareEmailVerification(
                    call.meta, sessionID: call.sessionID, id: call.parameter("email_id"), CodePreparation(call.body))
            }
        }
        route(AttemptEmailAddressVerificationRequest.self, on: router) { call in
            try await call.email {
                try $0.attemptEmailVerification(
                    call.meta, sessionID: call.sessionID, id: call.parameter("email_id"), code: call.body.code)
            }
        }
    }
}

extension FrontendCall {
    /// The session the request names in `_clerk_session_id`, if any.
    package var sessionID: String? {
        request.uri.queryParameters.get("_clerk_session_id")
    }

    package func user(_ operation: StoreOperation<StoreAnswer<UserRecord>>) async throws -> Response {
        try await answer(operation) { answer in
            try await envelope(core.presenter.user(answer.resource, now: answer.snapshot.now), answer.snapshot)
        }
    }

    package func phone(_ operation: StoreOperation<StoreAnswer<AccountPhone>>) async throws -> Response {
        try await answer(operation) { answer in
            let phone = core.presenter.phoneNumber(
                answer.resource.phone, now: answer.snapshot.now, backupCodes: answer.resource.backupCodes)
            return try await envelope(phone, answer.snapshot)
        }
    }

    package func email(_ operation: StoreOperation<StoreAnswer<EmailRecord>>) async throws -> Response {
        try await answer(operation) { answer in
            try await envelope(core.presenter.emailAddress(answer.resource, now: answer.snapshot.now), answer.snapshot)
        }
    }

    package func deleted(_ operation: StoreOperation<StoreAnswer<DeletedRecord>>) async throws -> Response {
        try await answer(operation) { answer in try await envelope(core.presenter.deleted(answer.resource), answer.snapshot) }
    }
}
