import Foundation
import Hummingbird
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
    private let accessPolicy = NIOLockedValueBox(LocalAccess(publicURL: URL(string: "http://127.0.0.1")!))

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

    /// Who may use `/__local/*`: the port and secret key are set when the server starts listening;
    /// the public URL is always `baseURL`.
    var access: LocalAccess {
        get {
            var access = accessPolicy.withLockedValue { $0 }
            if let publicURL = URL(string: baseURL) { access.publicURL = publicURL }
            return access
        }
        set { accessPolicy.withLockedValue { $0 = newValue } }
    }

    /// The `azp` of tokens minted for a request: its `Origin` if the settings allow it, else `baseURL`.
    func authorizedParty(_ request: Request) -> String {
        RequestReading.authorizedParty(request, allowedOrigins: settings.allowedOrigins, fallback: baseURL)
    }

    var presenter: WirePresenter {
        WirePresenter(settings: settings, signer: signer, issuer: baseURL)
    }

    var policy: PasswordPolicy {
        PasswordPolicy(settings: settings.password)
    }

    var admin: LocalAdmin {
        LocalAdmin(core: self)
    }
}
