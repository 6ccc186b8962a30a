import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird
import Logging

/// The Frontend API: one route per endpoint of the generated layer, at the generated path.
package struct FrontendRoutes: Sendable {
    package let core: ServerCore

    package func register(on router: Router<LocalRequestContext>) {
        let router = MethodAwareRouter(router)
        router.get("/v1/environment") { _, _ in
            let data = try core.presentation.environment.json()
            return WireResponses.json(data)
        }
        registerClient(on: router)
        registerSignIns(on: router)
        registerSignUps(on: router)
        registerSessions(on: router)
        registerReverification(on: router)
        registerAccount(on: router)
        registerPasskeys(on: router)
        registerNativeEmailLinks(on: router)
        registerTrustedDevices(on: router)
        EmailLinkRoutes(core: core).register(on: router)
        OrganizationRoutes(core: core).register(on: router)
        OrganizationLogoRoutes(core: core).register(on: router)
        DevBrowserRoutes(core: core).register(on: router)
        registerWaitlist(on: router)
        router.answerOtherMethods()
    }

    private func registerClient(on router: MethodAwareRouter) {
        route(GetClientRequest.self, on: router) { call in
            try await call.answer(SessionRules.self, { try $0.readClient(call.meta) }) { snapshot in
                guard let snapshot else { return try WireResponses.envelope(ClientResource?.none, client: nil, clientToken: nil) }
                let client = try await core.presenter.client(snapshot, azp: call.azp)
                return try WireResponses.envelope(Optional(client), client: client, clientToken: snapshot.client.token)
            }
        }
        route(CreateClientRequest.self, on: router) { call in try await call.client(SessionRules.self) { try $0.createClient(call.meta) } }
        route(ReplaceClientRequest.self, on: router) { call in try await call.client(SessionRules.self) { try $0.createClient(call.meta) } }
        route(DeleteClientRequest.self, on: router) { call in try await call.client(SessionRules.self) { try $0.signOutClient(call.meta) } }
    }

    private func registerSignIns(on router: MethodAwareRouter) {
        route(CreateSignInRequest.self, on: router) { call in
            let body = call.body
            if let strategy = IdentityTokenProvider.tokenStrategy(body.strategy) { return try await call.signInWithIdentityToken(strategy) }
            if let provider = body.strategy.flatMap(IdentityTokenProvider.init(oauthStrategy:)) {
                return try await core.oauth.startSignIn(call, provider: provider)
            }
            if body.strategy == .enterpriseSSO {
                return try await call.signIn(EnterpriseSSORules.self) {
                    try $0.createEnterpriseSignIn(call.meta, identifier: body.identifier, locale: body.locale)
                }
            }
            let start = SignInStart(body)
            if body.strategy == .passkey { return try await call.signIn(PasskeySignInRules.self) { try $0.createPasskeySignIn(call.meta, start) } }
            if body.strategy == .trustedDevice {
                return try await call.signIn(TrustedDeviceSignInRules.self) {
                    try $0.createTrustedDeviceSignIn(call.meta, start, trustedDeviceID: body.trustedDeviceID)
                }
            }
            if body.strategy == .ticket {
                return try await call.signIn(SignInRules.self) { try $0.signInWithTicket(call.meta, start) }
            }
            if body.password != nil || body.strategy == .password {
                return try await call.answer(
                    SignInRules.self, plan: { try $0.planPasswordSignIn(call.meta, start) },
                    outside: { plan in try await call.checkPassword(body.password ?? "", plan: plan) },
                    complete: { try $0.completePasswordSignIn(call.meta, start, plan: $1, check: $2) }, present: call.presentSignIn)
            }
            return try await call.signIn(SignInRules.self) { try $0.createSignIn(call.meta, start) }
        }
        route(GetSignInRequest.self, on: router) { call in
            let id = try call.parameter("sign_in_id")
            if let nonce = call.request.uri.queryParameters.get("rotating_token_nonce") {
                return try await call.signIn(ExternalSignInRules.self) { try $0.redeemOAuthCallback(call.meta, id: id, nonce: nonce) }
            }
            return try await call.signIn(SignInRules.self) { try $0.readSignIn(call.meta, id: id) }
        }
        route(PrepareSignInFirstFactorRequest.self, on: router) { call in
            if call.body.strategy == .passkey {
                return try await call.signIn(PasskeySignInRules.self) { try $0.preparePasskeyFirstFactor(call.meta, id: call.parameter("sign_in_id")) }
            }
            if call.body.strategy == .enterpriseSSO { return try await core.oauth.prepareEnterpriseFirstFactor(call) }
            // A provider the instance does not enable is refused as any strategy the sign-in does not offer.
            if let provider = IdentityTokenProvider(oauthStrategy: call.body.strategy), core.settings.oauthProviders?.config(for: provider) != nil {
                return try await core.oauth.prepareFirstFactor(call, provider: provider)
            }
            return try await call.signIn(SignInRules.self) {
                try $0.prepareFirstFactor(call.meta, id: call.parameter("sign_in_id"), FactorPreparation(call.body))
            }
        }
        route(AttemptSignInFirstFactorRequest.self, on: router) { call in
            let id = try call.parameter("sign_in_id")
            if call.body.strategy == .passkey {
                return try await call.signIn(PasskeySignInRules.self) {
                    try $0.attemptPasskeyFirstFactor(call.meta, id: id, credential: call.body.publicKeyCredential)
                }
            }
            if call.body.strategy == .trustedDevice {
                let body = call.body
                let signature = TrustedDeviceSignature(
                    trustedDeviceID: body.trustedDeviceID, clientData: body.clientData, signature: body.signature, algorithm: body.algorithm)
                return try await call.signIn(TrustedDeviceSignInRules.self) { try $0.attemptTrustedDeviceFirstFactor(call.meta, id: id, signature) }
            }
            guard call.body.strategy == .password else {
                return try await call.signIn(SignInRules.self) { try $0.attemptFirstFactorCode(call.meta, id: id, FirstFactorAttempt(call.body)) }
            }
            return try await call.answer(
                SignInRules.self, plan: { try $0.planFirstFactorPassword(call.meta, id: id, FirstFactorAttempt(call.body)) },
                outside: { plan in try await call.checkPassword(call.body.password ?? "", plan: plan) },
                complete: { try $0.completeFirstFactorPassword(call.meta, id: id, plan: $1, check: $2) }, present: call.presentSignIn)
        }
        route(PrepareSignInSecondFactorRequest.self, on: router) { call in
            try await call.signIn(SignInSecondFactorRules.self) {
                try $0.prepareSecondFactor(call.meta, id: call.parameter("sign_in_id"), FactorPreparation(call.body))
            }
        }
        route(AttemptSignInSecondFactorRequest.self, on: router) { call in
            try await call.signIn(SignInSecondFactorRules.self) {
                try $0.attemptSecondFactor(call.meta, id: call.parameter("sign_in_id"), SecondFactorAttempt(call.body))
            }
        }
        route(ResetPasswordRequest.self, on: router) { call in
            let id = try call.parameter("sign_in_id")
            return try await call.answer(
                SignInRules.self, plan: { try $0.planPasswordReset(call.meta, id: id) },
                outside: { identifiers in try await call.hashNewPassword(call.body.password, identifiers: identifiers) },
                complete: { rules, _, hash in
                    try rules.completePasswordReset(
                        call.meta, id: id, passwordHash: hash, signOutOfOtherSessions: call.body.signOutOfOtherSessions ?? false)
                }, present: call.presentSignIn)
        }
    }

    private func registerSignUps(on router: MethodAwareRouter) {
        route(CreateSignUpRequest.self, on: router) { call in
            if let strategy = IdentityTokenProvider.tokenStrategy(call.body.strategy) { return try await call.signUpWithIdentityToken(strategy) }
            if let provider = call.body.strategy.flatMap(IdentityTokenProvider.init(oauthStrategy:)) {
                return try await core.oauth.startSignUp(call, provider: provider)
            }
            let input = SignUpInput(creating: call.body)
            let transfer = call.body.transfer ?? false
            return try await call.answer(
                SignUpRules.self, plan: { try $0.checkSignUp(call.meta, input, transfer: transfer, signUpID: nil) },
                outside: { identifiers in try await input.password.asyncMap { try await call.hashNewPassword($0, identifiers: identifiers) } },
                complete: { try $0.createSignUp(call.meta, input, transfer: transfer, passwordHash: $2) }, present: call.presentSignUp)
        }
        route(GetSignUpRequest.self, on: router) { call in
            let id = try call.parameter("sign_up_id")
            if let nonce = call.request.uri.queryParameters.get("rotating_token_nonce") {
                return try await call.signUp(SignUpRules.self) { try $0.redeemOAuthSignUpCallback(call.meta, id: id, nonce: nonce) }
            }
            return try await call.signUp(SignUpRules.self) { try $0.readSignUp(call.meta, id: id) }
        }
        route(UpdateSignUpRequest.self, on: router) { call in
            let id = try call.parameter("sign_up_id")
            let input = SignUpInput(call.body)
            return try await call.answer(
                SignUpRules.self, plan: { try $0.checkSignUp(call.meta, input, transfer: false, signUpID: id) },
                outside: { identifiers in try await input.password.asyncMap { try await call.hashNewPassword($0, identifiers: identifiers) } },
                complete: { try $0.updateSignUp(call.meta, id: id, input, passwordHash: $2) }, present: call.presentSignUp)
        }
        route(PrepareSignUpVerificationRequest.self, on: router) { call in
            try await call.signUp(SignUpRules.self) {
                try $0.prepareSignUpVerification(call.meta, id: call.parameter("sign_up_id"), CodePreparation(call.body))
            }
        }
        route(AttemptSignUpVerificationRequest.self, on: router) { call in
            try await call.signUp(SignUpRules.self) {
                try $0.attemptSignUpVerification(call.meta, id: call.parameter("sign_up_id"), VerificationAttempt(call.body))
            }
        }
    }

    /// Registers an endpoint at its generated method and path: reads the form body into the
    /// endpoint's typed body, runs the handler, and answers refusals in Clerk's error envelope.
    package func route<Endpoint: APIEndpoint>(
        _ endpoint: Endpoint.Type, on router: MethodAwareRouter,
        _ handler: @escaping @Sendable (FrontendCall<Endpoint.Body>) async throws -> Response
    ) {
        let method = HTTPRequest.Method(Endpoint.method.rawValue)!
        router.on(RouterPath(Endpoint.routerPath), method: method) { request, context in
            let meta = RequestReading.meta(request, context)
            do {
                let form = try await RequestReading.form(request, context)
                let body = try RequestReading.body(Endpoint.Body.self, from: form)
                return try await handler(FrontendCall(request: request, context: context, meta: meta, body: body, core: core))
            } catch let error as FrontendError {
                // A refusal before or between the store's operations, which changed nothing.
                return WireResponses.error(error, client: nil, clientToken: nil)
            }
        }
    }
}

extension Optional where Wrapped: Sendable {
    package func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
