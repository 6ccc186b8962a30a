import Foundation
import NIOConcurrencyHelpers

/// What every route shares: the settings, the state actor, the outbox, the token signer and the
/// password hasher, and the server's own URL once it is listening.
final class ServerCore: Sendable {
    let settings: InstanceSettings
    let store: FrontendStore
    let outbox: Outbox
    let signer: SessionTokenSigner
    let hasher = PasswordHasher()
    let clock: any ServerClock
    let instanceID = SecureRandom.identifier(prefix: "ins").dropFirst(4).lowercased()
    private let url = NIOLockedValueBox<String>("")

    init(settings: InstanceSettings, clock: any ServerClock, printsOutbox: Bool) async throws {
        self.settings = settings
        self.clock = clock
        outbox = Outbox(printsToConsole: printsOutbox)
        store = FrontendStore(settings: settings, clock: clock, outbox: outbox)
        signer = try await SessionTokenSigner()
    }

    /// `http://host:port` without a trailing slash: the tokens' issuer.
    var baseURL: String {
        get { url.withLockedValue { $0 } }
        set { url.withLockedValue { $0 = newValue } }
    }

    var presenter: WirePresenter {
        WirePresenter(settings: settings, signer: signer, issuer: baseURL)
    }

    var policy: PasswordPolicy {
        PasswordPolicy(settings: settings.password)
    }
}
