import ClerkAPI

extension InstanceSettings {
    /// The strategies whose sign-ups need no captcha (the environment's `captcha_oauth_bypass`): a
    /// provider that verified the person already, through the browser or with an ID token.
    package var captchaBypassStrategies: [Strategy] {
        let providers = Set((identityProviders?.enabled ?? []) + (oauthProviders?.enabled ?? []))
        return IdentityTokenProvider.allCases.filter(providers.contains).flatMap { [$0.oauthStrategy] + $0.tokenStrategies }
    }
}

extension SignUpRules {
    /// Bot sign-up protection: with it on, a new sign-up carries the captcha's token, unless its
    /// strategy (or, for a transfer, the sign-in's) is one the environment lists as bypassing it. A
    /// widget that failed (`captcha_error`), a missing token and any token but the test token are refused
    /// with Clerk's errors.
    mutating func checkCaptcha(_ meta: RequestMeta, _ input: SignUpInput, transfer: Bool) throws(FrontendError) {
        guard settings.botProtection.enabled else { return }
        let bypassing = settings.captchaBypassStrategies
        if let strategy = input.strategy, bypassing.contains(strategy) { return }
        if transfer, let client = try client(for: meta), let strategy = client.signInID.flatMap({ signIns[$0] })?.firstFactor?.strategy,
            bypassing.contains(strategy)
        {
            return
        }
        if input.captchaError != nil { throw FrontendError(.captchaInvalid, variant: "CaptchaClientSideError") }
        guard let token = input.captchaToken, !token.isEmpty else { throw FrontendError(.captchaMissingToken) }
        guard token == BotProtectionSettings.acceptedToken else { throw FrontendError(.captchaInvalid, variant: "CaptchaInvalid") }
    }
}
