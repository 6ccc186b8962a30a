import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore

/// The core on its own: the store driven with domain inputs, no HTTP server, no generated request
/// body, memory storage. What a route does is translate its body into these inputs and present the
/// answer; everything asserted here holds before any of that.
@Suite("The core without a server: operations on the store")
struct StoreOperationTests {
    /// A store with email-code settings, and a user with one verified address.
    private func store() async throws -> (FrontendStore, Outbox, email: String) {
        let outbox = Outbox(printsToConsole: false)
        let store = FrontendStore(settings: SettingsPreset.emailCode.settings, now: Date.init, outbox: outbox)
        let email = "core-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let creation = UserCreation(store: store, hasher: PasswordHasher())
        _ = try await creation.create(NewUser(emailAddresses: [NewUser.Email(address: email)]), password: nil, checks: .storableOnly)
        return (store, outbox, email)
    }

    /// A new client's request context: its token, as the HTTP layer reads it from `Authorization`.
    private func device(_ store: FrontendStore) async throws -> RequestMeta {
        let snapshot = try await store.perform(SessionRules.self) { try $0.createClient(RequestMeta(remoteAddress: "127.0.0.1")) }
        return RequestMeta(token: snapshot.client.token, remoteAddress: "127.0.0.1")
    }

    @Test("an email-code sign-in completes: the code reaches the outbox, a wrong one is refused, the right one makes a session")
    func emailCodeSignIn() async throws {
        let (store, outbox, email) = try await store()
        let meta = try await device(store)
        let started = try await store.perform(SignInRules.self) { try $0.createSignIn(meta, SignInStart(identifier: email, strategy: .emailCode)) }
        #expect(started.resource.status == .needsFirstFactor)
        let code = try #require(outbox.latestCode(to: email))
        let id = started.resource.id

        let wrong = code == "000000" ? "111111" : "000000"
        await #expect(throws: FrontendError.self) {
            _ = try await store.perform(SignInRules.self) { try $0.attemptFirstFactorCode(meta, id: id, FirstFactorAttempt(strategy: .emailCode, code: wrong)) }
        }
        let refused = try await store.perform(SignInRules.self) { try $0.readSignIn(meta, id: id) }
        #expect(refused.resource.status == .needsFirstFactor)
        #expect(refused.resource.createdSessionID == nil)

        let done = try await store.perform(SignInRules.self) {
            try $0.attemptFirstFactorCode(meta, id: id, FirstFactorAttempt(strategy: .emailCode, code: code))
        }
        #expect(done.resource.status == .complete)
        let sessionID = try #require(done.resource.createdSessionID)
        #expect(done.snapshot.sessions.map(\.id).contains(sessionID))
    }

    @Test("a wrong code is a typed refusal with Clerk's code, and changes nothing but the attempt count")
    func wrongCodeIsTyped() async throws {
        let (store, outbox, email) = try await store()
        let meta = try await device(store)
        let started = try await store.perform(SignInRules.self) { try $0.createSignIn(meta, SignInStart(identifier: email, strategy: .emailCode)) }
        let code = try #require(outbox.latestCode(to: email))
        let wrong = code == "000000" ? "111111" : "000000"
        do {
            _ = try await store.perform(SignInRules.self) {
                try $0.attemptFirstFactorCode(meta, id: started.resource.id, FirstFactorAttempt(strategy: .emailCode, code: wrong))
            }
            Issue.record("a wrong code was accepted")
        } catch let error as FrontendError {
            #expect(error.code == .formCodeIncorrect)
            #expect(error.status == 422)
        }
    }

    @Test("an operation whose answer cannot be made is undone: the sign-in it created is gone")
    func failedAnswerUndoesTheOperation() async throws {
        struct SigningFailed: Error {}
        let (store, _, email) = try await store()
        let meta = try await device(store)
        let created = LockedID()
        await #expect(throws: SigningFailed.self) {
            _ = try await store.perform(
                SignInRules.self, { try $0.createSignIn(meta, SignInStart(identifier: email, strategy: .emailCode)) },
                answer: { result -> Int in
                    created.set(try result.get().resource.id)
                    throw SigningFailed()
                })
        }
        let id = try #require(created.value)
        do {
            _ = try await store.perform(SignInRules.self) { try $0.readSignIn(meta, id: id) }
            Issue.record("the undone sign-in is still readable")
        } catch let error as FrontendError {
            #expect(error.code == .resourceNotFound)
        }
    }
}

/// The id an operation made, handed out of its answer closure.
private final class LockedID: Sendable {
    private let box = LockedValue<String?>(nil)
    var value: String? { box.withLockedValue { $0 } }
    func set(_ id: String) { box.withLockedValue { $0 = id } }
}
