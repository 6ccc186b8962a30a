import Foundation
import JWTKit

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// A token signer that always fails, as one whose key became unusable would.
struct FailingSigner: TokenSigning {
    struct SigningFailed: Error {}

    func sign(_ claims: some JWTPayload) async throws -> String {
        throw SigningFailed()
    }
}
