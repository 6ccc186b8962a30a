import ClerkLocalCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// JWK Sets fetched from providers' `jwks_url`s, each kept five minutes (providers rotate keys
/// rarely and publish a new one before using it). A failed fetch is not kept: the next token
/// tries again.
actor RemoteKeySetCache {
    private struct Entry {
        var keySet: IdentityKeySet
        var fetchedAt: Date
    }

    static let lifetime: TimeInterval = 300
    private var entries: [String: Entry] = [:]
    private let session: URLSession

    init() {
        // Generous, as the OAuth client's: a key set served by a clerk-local on the same small
        // machine answers after whatever bcrypt work it is doing.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        configuration.timeoutIntervalForResource = 60
        session = URLSession(configuration: configuration)
    }

    func keySet(at address: String) async -> IdentityKeySet? {
        if let entry = entries[address], Date().timeIntervalSince(entry.fetchedAt) < Self.lifetime { return entry.keySet }
        guard let url = URL(string: address) else { return nil }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        guard let (data, response) = try? await session.data(for: request),
            (response as? HTTPURLResponse)?.statusCode == 200,
            let keySet = IdentityKeySet(json: data)
        else { return nil }
        entries[address] = Entry(keySet: keySet, fetchedAt: Date())
        return keySet
    }
}
