import ClerkLocalCore
import Foundation

/// Identity tokens on the server's side: where each provider's keys come from (the inline set, the
/// emulator's test keys, or `jwks_url` fetched over HTTP with a cache), the verifier over them,
/// and the test providers' minting.
package final class IdentityTokenService: IdentityKeySetSource {
    private let storage: any StateStorage
    private let now: @Sendable () -> Date
    private let remote = RemoteKeySetCache()
    private let testKeys: TestKeyLoader

    package init(storage: any StateStorage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
        testKeys = TestKeyLoader(storage: storage)
    }

    package var verifier: IdentityTokenVerifier {
        IdentityTokenVerifier(keySets: self, now: now)
    }

    package func keySet(for provider: IdentityTokenProvider, config: IdentityProviderConfig) async -> IdentityKeySet? {
        if config.test { return try? await testKeys.providers().keySet(for: provider) }
        if let inline = config.inlineKeySet { return inline }
        if let address = config.jwksURL { return await remote.keySet(at: address) }
        return nil
    }

    /// The emulator's test providers (their keys generated, or read from the data directory, on first use).
    package func testProviders() async throws -> TestIdentityProviders {
        try await testKeys.providers()
    }
}

/// Loads the test providers' keys once, the first time they are needed (callers arriving meanwhile
/// wait for the same load).
private actor TestKeyLoader {
    private let storage: any StateStorage
    private var loading: Task<TestIdentityProviders, any Error>?

    init(storage: any StateStorage) {
        self.storage = storage
    }

    func providers() async throws -> TestIdentityProviders {
        if let loading, let providers = try? await loading.value { return providers }
        let storage = storage
        let task = Task {
            let material = try await storage.testIdentityProviderKeys(orStore: { try TestIdentityProviderKeyMaterial.generate() })
            return try await TestIdentityProviders(material)
        }
        loading = task
        return try await task.value
    }
}
