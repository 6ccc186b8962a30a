import ClerkAPI
import ExtrasBase64
import Foundation
import HummingbirdOTP
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Security primitives")
struct SecurityPrimitivesTests {
    // RFC 6238 appendix B: the SHA-1 key is the ASCII string "12345678901234567890".
    private let rfcKey = Array("12345678901234567890".utf8)
    private let rfcKeyBase32 = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
    private let rfcVectors: [(TimeInterval, String)] = [
        (59, "287082"), (1_111_111_109, "081804"), (1_111_111_111, "050471"),
        (1_234_567_890, "005924"), (2_000_000_000, "279037"), (20_000_000_000, "353130"),
    ]

    @Test("TOTP matches the RFC 6238 test vectors (last 6 digits, leading zeros kept)")
    func totpVectors() {
        let totp = LocalTOTP(key: rfcKey)
        for (time, expected) in rfcVectors {
            #expect(totp.code(at: Date(timeIntervalSince1970: time)) == expected)
        }
    }

    @Test("A Base32 secret as apps show it (any case, grouped) is the same key")
    func totpBase32Secret() throws {
        let totp = try #require(LocalTOTP(base32Secret: "gezd gnbv-gy3t qojq gezd-gnbv gy3t qojq==="))
        #expect(totp.base32Secret == rfcKeyBase32)
        for (time, expected) in rfcVectors {
            #expect(totp.code(at: Date(timeIntervalSince1970: time)) == expected)
        }
    }

    @Test("A secret that is not Base32 or is empty is refused")
    func totpBadSecrets() {
        #expect(LocalTOTP(base32Secret: "MZXW1") == nil)
        #expect(LocalTOTP(base32Secret: "not base32!") == nil)
        #expect(LocalTOTP(base32Secret: "") == nil)
    }

    @Test("Any key bytes work, not only UTF-8 text (secrets from Clerk or pyotp are random bytes)")
    func totpBinaryKey() throws {
        // "Hello!" then 0xDE 0xAD 0xBE 0xEF: not UTF-8.
        let totp = try #require(LocalTOTP(base32Secret: "JBSWY3DPEHPK3PXP"))
        #expect(totp.key == Array("Hello!".utf8) + [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(totp.base32Secret == "JBSWY3DPEHPK3PXP")
        #expect(totp.code(at: Date(timeIntervalSince1970: 59)).count == 6)
    }

    @Test("Codes equal HummingbirdOTP's for every key it can hold")
    func totpAgreesWithHummingbirdOTP() throws {
        for text in ["12345678901234567890", "a text key", "ключ"] {
            let ours = LocalTOTP(key: Array(text.utf8))
            let theirs = HummingbirdOTP.TOTP(secret: text)
            for time in [59.0, 1_111_111_109, 1_700_000_000, 2_000_000_000] {
                let date = Date(timeIntervalSince1970: time)
                let expected = String(format: "%06d", theirs.compute(date: date))
                #expect(ours.code(at: date) == expected)
            }
        }
    }

    @Test("TOTP accepts one step of skew either way and no more")
    func totpSkew() {
        let totp = LocalTOTP(key: rfcKey)
        let now = Date(timeIntervalSince1970: 1_700_000_015)
        let step = LocalTOTP.step(at: now)
        #expect(totp.matchingStep(for: totp.code(forStep: step), at: now) == step)
        #expect(totp.matchingStep(for: totp.code(forStep: step - 1), at: now) == step - 1)
        #expect(totp.matchingStep(for: totp.code(forStep: step + 1), at: now) == step + 1)
        #expect(totp.matchingStep(for: totp.code(forStep: step - 2), at: now) == nil)
        #expect(totp.matchingStep(for: totp.code(forStep: step + 2), at: now) == nil)
    }

    @Test("Generated secrets are 160-bit keys, different each time, and usable")
    func totpGeneratedSecrets() throws {
        let secrets = (0..<20).map { _ in LocalTOTP.generateSecret() }
        #expect(Set(secrets).count == secrets.count)
        for secret in secrets {
            let totp = try #require(LocalTOTP(base32Secret: secret))
            #expect(totp.base32Secret == secret)
            #expect(try Base32.decode(string: secret).count == 20)
        }
    }

    @Test("otpauth URIs carry the label, the Base32 secret and the issuer")
    func provisioningURI() throws {
        let secret = LocalTOTP.generateSecret()
        let totp = try #require(LocalTOTP(base32Secret: secret))
        let uri = totp.provisioningURI(account: "jane@example.com", issuer: "My App")
        let components = try #require(URLComponents(string: uri))
        #expect(components.scheme == "otpauth")
        #expect(components.host == "totp")
        #expect(components.path == "/My App:jane@example.com")
        let query = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(query["secret"] == secret)
        #expect(query["issuer"] == "My App")
    }

    @Test("A code allows five attempts, then the verification has failed even for the right code")
    func codeAttemptLimit() throws {
        let settings = CodeSettings()
        let now = Date()
        var (challenge, code) = CodeChallenge.issue(to: "a@example.com", now: now, settings: settings, fixedCode: nil)
        let sent = try #require(code)
        #expect(sent.count == 6 && sent.allSatisfy(\.isNumber))
        let wrong = sent == "000000" ? "111111" : "000000"
        let outcomes = (0..<5).map { _ in challenge.attempt(wrong, now: now, settings: settings) }
        #expect(outcomes == [.incorrect, .incorrect, .incorrect, .incorrect, .failed])
        let afterwards = challenge.attempt(sent, now: now, settings: settings)
        #expect(afterwards == .failed)
    }

    @Test("A code expires after ten minutes")
    func codeExpiry() throws {
        let settings = CodeSettings()
        let now = Date()
        var (challenge, code) = CodeChallenge.issue(to: "a@example.com", now: now, settings: settings, fixedCode: nil)
        let sent = try #require(code)
        #expect(challenge.status(now: now.addingTimeInterval(599)) == .unverified)
        let late = challenge.attempt(sent, now: now.addingTimeInterval(600), settings: settings)
        #expect(late == .expired)
    }

    @Test("Codes come from the whole 6-digit space")
    func codeDistribution() {
        let codes = (0..<200).map { _ in SecureRandom.digits(6) }
        #expect(Set(codes).count > 190)
        #expect(codes.allSatisfy { $0.count == 6 })
    }

    @Test("Backup codes are single use and stored hashed")
    func backupCodes() throws {
        var (set, codes) = BackupCodeSet.generate()
        #expect(codes.count == 10)
        #expect(Set(codes).count == 10)
        #expect(!String(describing: set).contains(codes[0]))
        let uses = [set.consume(codes[3].uppercased()), set.consume(codes[3]), set.consume("notacode")]
        #expect(uses == [true, false, false])
        #expect(set.remaining == 9)
    }

    @Test("The rate limiter admits up to the limit per window and says how long to wait")
    func rateLimiter() {
        var limiter = RateLimiter()
        let limit = RateLimit(requests: 3, windowSeconds: 60)
        let start = Date()
        var waits: [Int?] = (0..<3).map { second in limiter.admit("k", limit: limit, now: start.addingTimeInterval(Double(second))) }
        waits.append(limiter.admit("k", limit: limit, now: start.addingTimeInterval(10)))
        waits.append(limiter.admit("other", limit: limit, now: start.addingTimeInterval(10)))
        waits.append(limiter.admit("k", limit: limit, now: start.addingTimeInterval(60.5)))
        #expect(waits == [nil, nil, nil, 50, nil, nil])
    }

    @Test("The rate limiter's window slides over a long busy run: the count is always the last window's requests")
    func rateLimiterSlides() {
        var limiter = RateLimiter()
        let limit = RateLimit(requests: 50, windowSeconds: 10)
        let start = Date()
        // Four requests a second: at most 40 in any window, never refused. At 100 s the window holds
        // the 39 from 90.25 s on: eleven more fill it, a twelfth waits.
        let steady = (0..<400).compactMap { limiter.admit("k", limit: limit, now: start.addingTimeInterval(Double($0) / 4)) }
        #expect(steady.isEmpty)
        let burstAt = start.addingTimeInterval(100)
        let burst = (0..<12).map { _ in limiter.admit("k", limit: limit, now: burstAt) }
        #expect(burst.prefix(11).allSatisfy { $0 == nil })
        // The oldest request in the window is at 90.25 s: it leaves at 100.25 s.
        #expect(burst.last == 1)
        #expect(limiter.admit("k", limit: limit, now: start.addingTimeInterval(100.3)) == nil)
    }

    @Test("Lockout locks at the threshold and lifts after the duration")
    func lockout() {
        var state = LockoutState()
        let settings = LockoutSettings(maxAttempts: 3, durationSeconds: 600)
        let now = Date()
        let results = (0..<3).map { _ in state.recordFailure(now: now, settings: settings) }
        #expect(results == [false, false, true])
        #expect(state.remainingLock(now: now.addingTimeInterval(1)) == 599)
        #expect(state.remainingLock(now: now.addingTimeInterval(600)) == nil)
    }

    @Test("A failure count kept at Int.max (an older data directory) saturates instead of trapping")
    func lockoutSaturates() {
        var state = LockoutState(failedAttempts: .max)
        let locked = state.recordFailure(now: Date(), settings: LockoutSettings(maxAttempts: 3, durationSeconds: 600))
        #expect(locked)
        #expect(state.failedAttempts == .max)
    }

    @Test("The password policy refuses short, overlong, common and identifier-equal passwords")
    func passwordPolicy() {
        let policy = PasswordPolicy(settings: PasswordSettingsModel(enabled: true))
        #expect(policy.violation(of: "short")?.code == .formPasswordLengthTooShort)
        #expect(policy.violation(of: String(repeating: "x", count: 73))?.code == .formPasswordLengthTooLong)
        #expect(policy.violation(of: "password123")?.code == .formPasswordPwned)
        #expect(policy.violation(of: "jane@example.com", identifiers: ["jane@example.com"])?.code == .formPasswordMatchesIdentifier)
        #expect(policy.violation(of: Fixture.password) == nil)
        #expect(policy.violation(of: "short")?.paramName == "password")
    }

    @Test("bcrypt hashes at cost 10 and verifies")
    func bcrypt() async throws {
        let hasher = PasswordHasher()
        let start = ContinuousClock.now
        let hash = await hasher.hash(Fixture.password)
        let elapsed = ContinuousClock.now - start
        print("bcrypt cost \(PasswordHasher.cost): one hash took \(elapsed)")
        #expect(hash.hasPrefix("$2b$10$") || hash.hasPrefix("$2a$10$") || hash.hasPrefix("$2y$10$"))
        #expect(try await hasher.verify(Fixture.password, against: hash))
        #expect(try await !hasher.verify("wrong-password", against: hash))
        #expect(try await !hasher.verify(Fixture.password, against: nil))
    }

    @Test("Identifiers: E.164 phones, plain email checks, Clerk's test conventions")
    func identifiers() {
        #expect(IdentifierFormat.normalizedPhone("+1 (201) 555-0123") == "+12015550123")
        #expect(IdentifierFormat.normalizedPhone("2015550123") == nil)
        #expect(IdentifierFormat.normalizedPhone("+1abc") == nil)
        #expect(IdentifierFormat.isValidEmail("jane@example.com"))
        #expect(!IdentifierFormat.isValidEmail("jane@example"))
        #expect(!IdentifierFormat.isValidEmail("jane example@example.com"))
        #expect(TestIdentifierRules.isTestEmail("jane+clerk_test@example.com"))
        #expect(!TestIdentifierRules.isTestEmail("jane@clerk_test.com"))
        #expect(TestIdentifierRules.isTestPhone("+12015550100"))
        #expect(TestIdentifierRules.isTestPhone("+12015550199"))
        #expect(!TestIdentifierRules.isTestPhone("+12015550200"))
        #expect(!TestIdentifierRules.isTestPhone("+442015550100"))
    }
}
