extension ClerkClient {
    /// Reads the client from the server (`GET /v1/client`) and updates the local state.
    @discardableResult
    public func refresh() async throws(ClerkError) -> ClientResource? {
        try await send(GetClientRequest()).response
    }

    /// Reads the instance settings (`GET /v1/environment`).
    public func environment() async throws(ClerkError) -> EnvironmentResource {
        try await send(GetEnvironmentRequest())
    }

    /// Starts a sign-in (`POST /v1/client/sign_ins`).
    public func createSignIn(_ body: CreateSignInRequest.Body) async throws(ClerkError) -> SignInHandle {
        SignInHandle(client: self, signIn: try await send(CreateSignInRequest(body: body)).response)
    }

    /// Starts a sign-up (`POST /v1/client/sign_ups`).
    public func createSignUp(_ body: CreateSignUpRequest.Body) async throws(ClerkError) -> SignUpHandle {
        SignUpHandle(client: self, signUp: try await send(CreateSignUpRequest(body: body)).response)
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
