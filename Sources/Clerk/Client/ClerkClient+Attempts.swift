extension ClerkClient {
    /// Reads the client from the server (`GET /v1/client`) and updates the local state.
    @discardableResult
    public func refresh() async throws(ClerkError) -> ClientResource? {
        try await send(GetClientRequest()).response
    }

    /// Reads the instance settings (`GET /v1/environment`) and keeps them as `knownEnvironment`.
    public func environment() async throws(ClerkError) -> EnvironmentResource {
        let environment = try await send(GetEnvironmentRequest())
        knownEnvironment = environment
        return environment
    }

    /// Starts a sign-in (`POST /v1/client/sign_ins`). When the answer is lost, the client is read
    /// again: the new sign-in is returned when the server created it; otherwise `answerLost` says
    /// whether nothing was created or the sign-in completed at once (`sessionCreated`).
    ///
    /// A strategy the instance does not offer is refused with `ConfigurationError.strategyNotOffered`:
    /// before any request when `knownEnvironment` says so, else when the server refuses the strategy
    /// (`strategy_for_user_invalid`) and the environment, read then, says so.
    public func createSignIn(_ body: CreateSignInRequest.Body) async throws(ClerkError) -> SignInHandle {
        let strategy = body.strategy ?? (body.password != nil ? .password : nil)
        if let strategy { try ensureOffered(strategy, by: knownEnvironment) }
        do {
            let signIn = try await sendCreating(CreateSignInRequest(body: body), current: \.signIn, id: \.id)
            return SignInHandle(client: self, signIn: signIn)
        } catch  where error.hasCode(.strategyForUserInvalid) && knownEnvironment == nil {
            if let strategy, let environment = try? await environment() { try ensureOffered(strategy, by: environment) }
            throw error
        }
    }

    /// Starts a sign-up (`POST /v1/client/sign_ups`). When the answer is lost, the client is read
    /// again: the new sign-up is returned when the server created it; otherwise `answerLost` says
    /// whether nothing was created or the sign-up completed at once (`sessionCreated`).
    ///
    /// On an instance with bot sign-up protection the body gets a captcha token from
    /// ``Options/captchaProvider`` first: before the request when `knownEnvironment` asks for one, else
    /// after the server refuses the sign-up for its missing token (`captcha_missing_token`) and the
    /// environment, read then, asks for one; the create is then sent once more.
    public func createSignUp(_ body: CreateSignUpRequest.Body) async throws(ClerkError) -> SignUpHandle {
        var body = body
        if let environment = knownEnvironment, await needsCaptcha(body, in: environment) {
            body = try await solvingCaptcha(body, in: environment)
        }
        do {
            let signUp = try await sendCreating(CreateSignUpRequest(body: body), current: \.signUp, id: \.id)
            return SignUpHandle(client: self, signUp: signUp)
        } catch  where error.hasCode(.captchaMissingToken) && body.captchaToken == nil {
            let current = try await environment()
            guard await needsCaptcha(body, in: current) else { throw error }
            let solved = try await solvingCaptcha(body, in: current)
            let signUp = try await sendCreating(CreateSignUpRequest(body: solved), current: \.signUp, id: \.id)
            return SignUpHandle(client: self, signUp: signUp)
        }
    }

    /// Starts a sign-up from the current sign-in's transferable verification
    /// (`POST /v1/client/sign_ups` with `transfer=true`), as after `sign_up_if_missing_transfer`.
    /// `details` may add fields the instance requires (legal acceptance, names).
    public func transferToSignUp(_ details: SignUpDetails = SignUpDetails()) async throws(ClerkError) -> SignUpHandle {
        var body = try details.createBody()
        body.transfer = true
        return try await createSignUp(body)
    }
}
