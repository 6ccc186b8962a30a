import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore

/// Session re-verification on the store alone, with domain inputs and a clock the test moves.
@Suite("The core without a server: session re-verification")
struct ReverificationCoreTests {
    @Test("a guarded change is refused once the sign-in is a minute old, until an email code re-verifies the session; a wrong code changes nothing")
    func emailCodeReverification() async throws {
        let time = LockedValue(Date(timeIntervalSince1970: 1_800_000_000))
        var settings = SettingsPreset.emailCode.settings
        settings.reverification = ReverificationSettings(maxAgeSeconds: 60)
        let outbox = Outbox(printsToConsole: false)
        let store = FrontendStore(settings: settings, now: { time.withLockedValue { $0 } }, outbox: outbox)
        let email = "core-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let creation = UserCreation(store: store, hasher: PasswordHasher())
        _ = try await creation.create(
            NewUser(emailAddresses: [NewUser.Email(address: email), NewUser.Email(address: "second-" + email)]), password: nil, checks: .storableOnly)
        let snapshot = try await store.perform(SessionRules.self) { try $0.createClient(RequestMeta(remoteAddress: "127.0.0.1")) }
        let meta = RequestMeta(token: snapshot.client.token, remoteAddress: "127.0.0.1")
        let started = try await store.perform(SignInRules.self) { try $0.createSignIn(meta, SignInStart(identifier: email, strategy: .emailCode)) }
        let code = try #require(outbox.latestCode(to: email))
        let signedIn = try await store.perform(SignInRules.self) {
            try $0.attemptFirstFactorCode(meta, id: started.resource.id, FirstFactorAttempt(strategy: .emailCode, code: code))
        }
        let sessionID = try #require(signedIn.resource.createdSessionID)
        let secondID = try #require(try await store.perform(AccountRules.self) { try $0.readAccount(meta, sessionID: sessionID) }.resource.emails.last?.id)

        time.withLockedValue { $0 += 60 }
        await #expect(throws: FrontendError.self) {
            _ = try await store.perform(IdentificationRules.self) { try $0.deleteEmailAddress(meta, sessionID: sessionID, id: secondID) }
        }
        let reverifying = try await store.perform(ReverificationRules.self) { try $0.startReverification(meta, sessionID: sessionID, level: .firstFactor) }
        #expect(reverifying.resource.reverification?.status == .needsFirstFactor)
        _ = try await store.perform(ReverificationRules.self) {
            try $0.prepareReverificationFirstFactor(meta, sessionID: sessionID, FactorPreparation(strategy: .emailCode, emailAddressID: nil))
        }
        let fresh = try #require(outbox.latestCode(to: email))
        let wrong = fresh == "000000" ? "111111" : "000000"
        await #expect(throws: FrontendError.self) {
            _ = try await store.perform(ReverificationRules.self) {
                try $0.attemptReverificationFirstFactorCode(meta, sessionID: sessionID, FirstFactorAttempt(strategy: .emailCode, code: wrong))
            }
        }
        let afterWrong = try await store.perform(ReverificationRules.self) { try $0.startReverification(meta, sessionID: sessionID, level: .firstFactor) }
        #expect(afterWrong.resource.firstFactorVerifiedAt == Date(timeIntervalSince1970: 1_800_000_000), "a wrong code is no verification")

        _ = try await store.perform(ReverificationRules.self) {
            try $0.prepareReverificationFirstFactor(meta, sessionID: sessionID, FactorPreparation(strategy: .emailCode, emailAddressID: nil))
        }
        let last = try #require(outbox.latestCode(to: email))
        let done = try await store.perform(ReverificationRules.self) {
            try $0.attemptReverificationFirstFactorCode(meta, sessionID: sessionID, FirstFactorAttempt(strategy: .emailCode, code: last))
        }
        #expect(done.resource.reverification?.status == .complete)
        #expect(done.resource.firstFactorVerifiedAt == Date(timeIntervalSince1970: 1_800_000_060))
        let deleted = try await store.perform(IdentificationRules.self) { try $0.deleteEmailAddress(meta, sessionID: sessionID, id: secondID) }
        #expect(deleted.resource.id == secondID)
    }
}
