import Clerk

/// Identity token: a sign-in or sign-up with a token an identity provider gave the app
/// (`oauth_token_apple`, `oauth_token_google`, `google_one_tap`), with no password or code to type.
///
/// 1. `POST /v1/client/sign_ins {strategy, token, code}`: when an account has the token's
///    verified email address (or the external account), the sign-in completes (or needs a second
///    factor); the external account is linked to the user.
/// 2. When none does, the sign-in answers with a `transferable` first-factor verification, and
///    `POST /v1/client/sign_ups {transfer: true}` creates the user from the token (then missing
///    fields, e.g. legal acceptance, through `PATCH /v1/client/sign_ups/{id}`).
///
/// It needs no identifier, so it never starts `FlowDriver.signIn(identifier:strategy:)`: use
/// `FlowDriver.signIn(with:details:)` or `signUp(with:details:)`. One module serves the three
/// providers because they share the wire (`token`, `code`) and the transfer; none needs a
/// provider's SDK.
///
/// ```swift
/// let registry = try FactorRegistry([IdentityTokenStrategy(.apple)])
/// ```
public struct IdentityTokenStrategy: FactorStrategy {
    /// The provider's strategy value.
    public let strategy: Strategy
    /// The first factor: the token proves who the user is.
    public let stages: Set<FactorStage> = [.firstFactor]
    /// A token the app holds (a secret), given with the strategy: nothing is asked.
    public let credential = CredentialKind.token
    /// An identifier without an account becomes a sign-up (the sign-in answers `transferable`).
    public let capabilities: FactorCapabilities = [.transfersMissingAccount]

    /// The strategy of `provider`.
    public init(_ provider: IdentityProvider) {
        strategy = provider.strategy
    }

    /// `{strategy, token, code}`.
    public func signInBody(_ token: IdentityToken) -> CreateSignInRequest.Body {
        CreateSignInRequest.Body(strategy: token.provider.strategy, code: token.code?.revealed, token: token.token.revealed)
    }

    /// `{strategy, token, code}` with the fields of `details`.
    /// - Throws: `ClerkError.invalidInput` for details refused before any request.
    public func signUpBody(_ token: IdentityToken, details: SignUpDetails) throws(ClerkError) -> CreateSignUpRequest.Body {
        var body = try details.createBody()
        body.strategy = token.provider.strategy
        body.token = token.token.revealed
        body.code = token.code?.revealed
        return body
    }
}
