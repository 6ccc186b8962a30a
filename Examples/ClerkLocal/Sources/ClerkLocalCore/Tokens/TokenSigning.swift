import JWTKit

/// What signs the tokens the server mints: `SessionTokenSigner`, or in a test one that fails.
package protocol TokenSigning: Sendable {
    func sign(_ claims: some JWTPayload) async throws -> String
}

extension SessionTokenSigner: TokenSigning {}
