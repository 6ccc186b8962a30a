import ClerkAPI

/// Bot sign-up protection: a sign-up create carries a captcha token when the instance's environment
/// asks for one, from the app's ``CaptchaProvider``.
extension ClerkClient {
    /// Whether creating `body` needs a captcha on an instance with `environment`: bot protection is on,
    /// the client may not bypass it, and neither the sign-up's strategy nor (for a transfer) the
    /// sign-in's is one the environment lists in `captcha_oauth_bypass`.
    func needsCaptcha(_ body: CreateSignUpRequest.Body, in environment: EnvironmentResource) async -> Bool {
        guard body.captchaToken == nil, environment.userSettings?.signUp?.captchaEnabled == true else { return false }
        let client = await self.client
        if client?.captchaBypass == true { return false }
        let bypassing = Set(environment.displayConfig?.captchaOauthBypass ?? [])
        if let strategy = body.strategy, bypassing.contains(strategy.rawValue) { return false }
        if body.transfer == true, let strategy = client?.signIn?.firstFactorVerification?.strategy, bypassing.contains(strategy.rawValue) {
            return false
        }
        return true
    }

    /// `body` with the captcha's token, from the app's provider.
    func solvingCaptcha(_ body: CreateSignUpRequest.Body, in environment: EnvironmentResource) async throws(ClerkError) -> CreateSignUpRequest.Body {
        guard let provider = options.captchaProvider else { throw .configuration(.captchaProviderMissing) }
        let display = environment.displayConfig
        let widgetType = display?.captchaWidgetType ?? "smart"
        let invisibleKey = widgetType == "invisible" ? display?.captchaPublicKeyInvisible : nil
        let challenge = CaptchaChallenge(
            siteKey: invisibleKey ?? display?.captchaPublicKey ?? "", widgetType: widgetType, provider: display?.captchaProvider ?? "turnstile")
        var solved = body
        do {
            solved.captchaToken = try await provider.captchaToken(for: challenge)
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .flow(.captchaFailed(String(describing: error)))
        }
        solved.captchaWidgetType = widgetType
        return solved
    }
}
