/// The client token: read from the token store on first use, then replaced (or cleared, when
/// empty) by whatever an answer's `Authorization` header carries, and saved back.
final class ClientTokenKeeper: Sendable {
    private struct Held {
        var loaded = false
        var token: String?
    }

    private let store: any TokenStore
    private let held = Protected(Held())
    private let log: @Sendable (String) -> Void

    init(store: any TokenStore, log: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.log = log
    }

    /// The token now; the first call reads the store.
    func current() throws(ClerkError) -> String? {
        let known: String?? = held.withValue { $0.loaded ? .some($0.token) : .none }
        if let known { return known }
        let stored = try store.loadToken()
        return held.withValue { held in
            if !held.loaded { held = Held(loaded: true, token: stored) }
            return held.token
        }
    }

    /// Keeps the token `response` carries, if it carries one.
    func keep(from response: TransportResponse) {
        guard let header = response.headers["Authorization"] else { return }
        let newToken = header.isEmpty ? nil : header
        // Saved under the lock, so that the store ends with the token of the last answer kept.
        let failure = held.withValue { held -> ClerkError? in
            held = Held(loaded: true, token: newToken)
            do throws(ClerkError) {
                try store.saveToken(newToken)
                return nil
            } catch {
                return error
            }
        }
        if let failure { log("token storage failed: \(failure.description); the token is kept in memory") }
        log(newToken == nil ? "client token cleared" : "client token updated")
    }
}
