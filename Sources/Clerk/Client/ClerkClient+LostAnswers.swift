/// After the answer to a request that may not repeat was lost, the server's state says what
/// happened: the request is never sent again blind.
extension ClerkClient {
    /// The ids of the client's sessions now, to recognise one a lost answer created.
    var sessionIDs: Set<String> {
        get async { Set(await sessions.map(\.id)) }
    }

    /// Sends `endpoint` (about an existing sign-in or sign-up, `before`); when its answer is lost,
    /// reads the resource again with `reread` and returns it when `applied(before, now)` says the
    /// request took effect. Otherwise throws `answerLost` saying what the state showed: not
    /// applied, a session created (when the resource can no longer be read but a new session
    /// exists), or unknown.
    func send<Endpoint: APIEndpoint, Resource: Sendable>(
        _ endpoint: Endpoint,
        about before: Resource,
        reread: @Sendable () async throws(ClerkError) -> Resource,
        applied: @Sendable (_ before: Resource, _ now: Resource) -> Bool
    ) async throws(ClerkError) -> Resource where Endpoint.Response == ClientEnvelope<Resource, ClientResource> {
        let sessionsBefore = await sessionIDs
        do {
            return try await send(endpoint).response
        } catch {
            guard let lost = error.lostAnswer else { throw error }
            log("answer lost: reading the server's state")
            let now: Resource
            do {
                now = try await reread()
            } catch {
                throw .answerLost(lost.resolved(as: await newSession(since: sessionsBefore, readingClient: true)))
            }
            guard applied(before, now) else {
                log("the server's state shows the request was not applied (yet)")
                throw .answerLost(lost.stateShowsTheOutcome ? lost.resolved(as: .notApplied) : lost)
            }
            log("the server's state shows the request was applied")
            return now
        }
    }

    /// Sends a request that creates the current sign-in or sign-up (read from the client with
    /// `current`); when its answer is lost, reads the client again and returns the new one when
    /// the server created it. Otherwise throws `answerLost` saying what the state showed: a
    /// session created (a sign-in that completed at once), not applied, or unknown. Unknown, too,
    /// when another create of this client ran during the call: what the state shows may be the other's.
    func sendCreating<Endpoint: APIEndpoint, Resource: Sendable>(
        _ endpoint: Endpoint,
        current: @Sendable (ClientResource) -> Resource?,
        id: @Sendable (Resource) -> String
    ) async throws(ClerkError) -> Resource where Endpoint.Response == ClientEnvelope<Resource, ClientResource> {
        let sessionsBefore = await sessionIDs
        let idBefore = await client.flatMap(current).map(id)
        let ticket = creations.begin()
        defer { creations.end(ticket) }
        do {
            return try await send(endpoint).response
        } catch {
            guard let lost = error.lostAnswer else { throw error }
            log("answer lost: reading the client's state")
            do {
                try await refresh()
            } catch {
                throw .answerLost(lost)
            }
            guard creations.ranAlone(ticket) else {
                log("another create ran meanwhile: the client's state cannot tell which made what")
                throw .answerLost(lost)
            }
            if let created = await client.flatMap(current), id(created) != idBefore {
                log("the server's state shows the request was applied")
                return created
            }
            let state = await newSession(since: sessionsBefore, readingClient: false)
            if state == .unknown && !lost.stateShowsTheOutcome { throw .answerLost(lost) }
            throw .answerLost(lost.resolved(as: state == .unknown ? .notApplied : state))
        }
    }

    /// `sessionCreated` when the client (read again first when `readingClient`) lists a signed-in
    /// session that `before` did not have; `unknown` otherwise.
    private func newSession(since before: Set<String>, readingClient: Bool) async -> LostAnswer.ServerState {
        if readingClient { _ = try? await refresh() }
        let created = await sessions.first { !before.contains($0.id) && ($0.status == .active || $0.status == .pending) }
        return created.map { .sessionCreated(id: $0.id) } ?? .unknown
    }
}
