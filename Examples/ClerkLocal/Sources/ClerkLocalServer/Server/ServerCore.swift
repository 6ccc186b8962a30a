import ClerkLocalCore
import Foundation
import Hummingbird
import NIOConcurrencyHelpers

/// What every route shares: the settings, the state actor, the outbox, the token signer and the
/// password hasher, and the server's own URL once it is listening.
package final class ServerCore: Sendable {
    package let store: FrontendStore
    package let outbox: Outbox
    package let signer: SessionTokenSigner
    package let hasher = PasswordHasher()
    /// Where every expiry, lockout, rate-limit window and TOTP step reads the time.
    package let now: @Sendable () -> Date
    package let instanceID = SecureRandom.identifier(prefix: "ins").dropFirst(4).lowercased()
    /// The latest requests, for the dashboard.
    package let requestHistory = RequestHistory()
    /// The dashboard's forms carry it: a page of another origin cannot read it.
    package let dashboardToken = SecureRandom.token()
    private let url: NIOLockedValueBox<String>
    private let presentationInEffect = NIOLockedValueBox<Presentation?>(nil)
    private let accessPolicy = NIOLockedValueBox(LocalAccess(publicURL: URL(string: "http://127.0.0.1")!))
    private let backendKey: NIOLockedValueBox<String>
    private let tokenSigning: NIOLockedValueBox<any TokenSigning>
    /// Users kept with a digest of another cost than the instance's, when the server started.
    package let digestsToRehash: Int
    /// Identity-token verification and the test identity providers.
    package let identityTokens: IdentityTokenService
    /// Browser (OAuth) sign-ins: clerk-local as the providers' client, and the built-in provider.
    package let oauth = OAuthClientService()

    /// The instance with the state, keys and settings `storage` kept (new ones on first start).
    /// Settings given here replace the kept ones (and are kept in their place); without them the
    /// instance carries on with the kept ones, else email-password's.
    package init(
        settings: InstanceSettings?, now: @escaping @Sendable () -> Date, printsOutbox: Bool, storage: any StateStorage = MemoryStorage()
    ) async throws {
        self.now = now
        let url = NIOLockedValueBox<String>("")
        self.url = url
        outbox = Outbox(printsToConsole: printsOutbox, tracksDeliveries: storage.keepsState)
        let state = try await storage.load()
        let kept = state.settingsJSON.map { json in Result { try Self.keptSettings(json) } }
        store = FrontendStore(
            settings: try settings ?? kept?.get() ?? SettingsPreset.emailPassword.settings, now: now, outbox: outbox, storage: storage,
            frontendAPIURL: { url.withLockedValue { $0 } })
        let keys = try await storage.instanceKeys(orStore: { try InstanceKeys.generate() })
        signer = try await SessionTokenSigner(key: keys.signing)
        tokenSigning = NIOLockedValueBox<any TokenSigning>(signer)
        backendKey = NIOLockedValueBox(keys.secretKey)
        digestsToRehash = await store.restore(state)
        identityTokens = IdentityTokenService(storage: storage, now: now)
        if let settings, (try? kept?.get()) != settings {
            try await storage.keepSettings(settings)
        }
    }

    private static func keptSettings(_ json: Data) throws -> InstanceSettings {
        do {
            return try SettingsLoader.load(json: json)
        } catch {
            throw LocalServerError(
                code: "stored_settings_invalid",
                message: "the settings kept in the data directory cannot be read (\(error)); start with a preset or settings file to replace them")
        }
    }

    /// The settings in effect, owned by the store (the dashboard switches them there).
    package var settings: InstanceSettings {
        store.settings
    }

    /// The presenters of the settings in effect and `baseURL`, built again only after either changed.
    package var presentation: Presentation {
        let settings = store.settingsSnapshot
        let baseURL = baseURL
        return presentationInEffect.withLockedValue { kept in
            if let kept, kept.isCurrent(for: settings, baseURL: baseURL) { return kept }
            let built = Presentation(settings, baseURL: baseURL, signer: tokenSigner, instanceID: instanceID)
            kept = built
            return built
        }
    }

    /// `http://host:port` without a trailing slash: the tokens' issuer.
    package var baseURL: String {
        get { url.withLockedValue { $0 } }
        set { url.withLockedValue { $0 = newValue } }
    }

    /// Who may use `/__local/*`: the port and secret key are set when the server starts listening;
    /// the public URL is always `baseURL`.
    package var access: LocalAccess {
        get {
            var access = accessPolicy.withLockedValue { $0 }
            if let publicURL = URL(string: baseURL) { access.publicURL = publicURL }
            return access
        }
        set { accessPolicy.withLockedValue { $0 = newValue } }
    }

    /// The Backend API's `sk_test_…`: the configured secret key once the server listens, else one
    /// generated for this run.
    package var backendSecretKey: String {
        get { backendKey.withLockedValue { $0 } }
        set { backendKey.withLockedValue { $0 = newValue } }
    }

    /// The `azp` of tokens minted for a request: its `Origin` if the settings allow it, else `baseURL`.
    package func authorizedParty(_ request: Request) -> String {
        RequestReading.authorizedParty(request, allowedOrigins: settings.allowedOrigins, fallback: baseURL)
    }

    /// What signs the tokens answers carry: `signer`, unless a test put one that fails in its place.
    package var tokenSigner: any TokenSigning {
        get { tokenSigning.withLockedValue { $0 } }
        set {
            tokenSigning.withLockedValue { $0 = newValue }
            presentationInEffect.withLockedValue { $0 = nil }
        }
    }

    package var presenter: WirePresenter {
        presentation.wire
    }

    package var policy: PasswordPolicy {
        store.passwordPolicy
    }

    package var admin: LocalAdmin {
        LocalAdmin(core: self)
    }

    /// Every way of creating a user from outside the store goes through it.
    package var userCreation: UserCreation {
        UserCreation(store: store, hasher: hasher)
    }
}
