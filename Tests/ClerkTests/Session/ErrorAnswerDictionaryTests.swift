import Foundation
import Testing

@_spi(Benchmarks) @testable import Clerk

/// `ErrorAnswer.parse` reads the shapes Clerk sends from `JSONSerialization`'s dictionaries and leaves
/// the rest to `JSONDecoder`; the two readings must agree on every body, and the fast one must be taken
/// where expected (else it could silently never run).
@Suite("Error answers read from dictionaries equal the Codable reading", .timeLimit(.minutes(10)))
struct ErrorAnswerDictionaryTests {
    enum Path: Sendable { case dictionaries, decoder }

    /// Every `error_*.json` of `Tests/ClerkAPITests/Payloads`.
    static func payloadNames() throws -> [String] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ClerkAPITests/Payloads")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("error_") && $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static let tricky: [(body: String, path: Path)] = [
        // meta.client: the client needs the real decoder, whether it is readable or not.
        (#"{"errors":[{"code":"session_exists"}],"meta":{"client":\#(Fixture.json(SessionFixture.signedIn()))}}"#, .decoder),
        (#"{"errors":[{"code":"session_exists"}],"meta":{"client":{"object":"client"}}}"#, .decoder),
        (#"{"errors":[{"code":"session_exists"}],"meta":{"client":null}}"#, .decoder),
        (#"{"errors":[{"code":"session_exists"}],"meta":{"other":1}}"#, .dictionaries),
        (#"{"errors":[{"code":"session_exists"}],"meta":"nothing"}"#, .dictionaries),
        // An error's meta: known keys with null or their type are read; anything else goes to the decoder.
        (
            #"{"errors":[{"code":"user_locked","meta":{"param_name":null,"session_id":"sess_1","identifiers":["a","b"],"lockout_expires_in_seconds":1800}}]}"#,
            .dictionaries
        ),
        (#"{"errors":[{"code":"c","meta":{"identifiers":[],"lockout_expires_in_seconds":-5}}]}"#, .dictionaries),
        (#"{"errors":[{"code":"c","meta":{"lockout_expires_in_seconds":9223372036854775807}}]}"#, .dictionaries),
        (#"{"errors":[{"code":"c","meta":{"lockout_expires_in_seconds":0}}]}"#, .dictionaries),
        (#"{"errors":[{"code":"c","meta":{}}]}"#, .dictionaries),
        (#"{"errors":[{"code":"c","meta":{"param_name":"password","extra":true}}]}"#, .decoder),
        (#"{"errors":[{"code":"c","meta":{"extra":null}}]}"#, .decoder),
        (#"{"errors":[{"code":"c","meta":{"param_name":5}}]}"#, .decoder),
        (#"{"errors":[{"code":"c","meta":{"identifiers":[1]}}]}"#, .decoder),
        (#"{"errors":[{"code":"c","meta":{"identifiers":[null]}}]}"#, .decoder),
        (#"{"errors":[{"code":"c","meta":{"identifiers":"a"}}]}"#, .decoder),
        (#"{"errors":[{"code":"c","meta":{"lockout_expires_in_seconds":"1800"}}]}"#, .decoder),
        (#"{"errors":[{"code":"c","meta":{"lockout_expires_in_seconds":1800.0}}]}"#, .decoder),
        (#"{"errors":[{"code":"c","meta":{"lockout_expires_in_seconds":1.5}}]}"#, .decoder),
        (#"{"errors":[{"code":"c","meta":{"lockout_expires_in_seconds":true}}]}"#, .decoder),
        (#"{"errors":[{"code":"c","meta":{"lockout_expires_in_seconds":9223372036854775808}}]}"#, .decoder),
        // Lenient members: null or other types read as empty messages, nil meta and trace id.
        (#"{"errors":[{"code":"c","message":null,"long_message":null,"meta":null}]}"#, .dictionaries),
        (#"{"errors":[{"code":"c","message":7,"long_message":["x"],"meta":"identifier"}],"clerk_trace_id":42}"#, .dictionaries),
        (#"{"errors":[{"code":"c","message":{"a":1},"long_message":true,"meta":[]}],"clerk_trace_id":null}"#, .dictionaries),
        (#"{"errors":[{"code":"7","message":"1","long_message":"2.5"}],"clerk_trace_id":"42"}"#, .dictionaries),
        // Elements without a string code, and elements that are not objects, are skipped.
        (#"{"errors":[{"code":7},{"code":null},{"message":"no code"},{"code":"kept"}]}"#, .dictionaries),
        (#"{"errors":["junk",5,null,true,[],[{"code":"x"}],{"code":"kept"}]}"#, .dictionaries),
        (#"{"errors":[{"message":"no code"},{"code":7}]}"#, .dictionaries),
        (#"{"errors":["junk"]}"#, .dictionaries),
        (#"{"errors":[]}"#, .dictionaries),
        // No error list.
        (#"{"message":"not here"}"#, .dictionaries),
        (#"{"errors":"broken"}"#, .dictionaries),
        (#"{"errors":{"code":"c"}}"#, .dictionaries),
        (#"{"errors":null}"#, .dictionaries),
        (#"[]"#, .dictionaries),
        (#"[{"errors":[{"code":"c"}]}]"#, .dictionaries),
        (#""errors""#, .decoder),
        ("null", .decoder),
        ("not json", .decoder),
        ("", .decoder),
        ("<html><body>Bad gateway</body></html>", .decoder),
        (#"{"errors":[{"code":"c"}]"#, .decoder),
        // Junk around what is read, including numbers JSONSerialization refuses and JSONDecoder skips.
        (#"{"errors":[{"code":"c","x":{"deep":[[1,{"y":null}],true,-0,1e-3]}}],"z":[1.5,{"w":[]}]}"#, .dictionaries),
        (#"{"errors":[{"code":"c"}],"z":100000000000000000000000}"#, .dictionaries),
        (#"{"errors":[{"code":"c"}],"z":1.}"#, .decoder),
        (#"{"errors":[{"code":"c"}],"z":1e400}"#, .decoder),
        (#"{"errors":[{"code":"c"}],"z":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}", .decoder),
        (#"{"errors":[{"code":"c",},],}"#, .dictionaries),
        ("\u{FEFF}{\"errors\":[{\"code\":\"c\"}]}", .dictionaries),
        // Unicode: escapes, surrogate pairs, combining marks, NUL, an unpaired surrogate.
        (#"{"errors":[{"code":"c","message":"e\u0301 \u00e9 \ud83d\ude00 \u0000 \/","long_message":"日本語 🇫🇷"}]}"#, .dictionaries),
        ("{\"errors\":[{\"code\":\"café\",\"message\":\"e\u{301}\",\"meta\":{\"param_name\":\"naïve\"}}],\"clerk_trace_id\":\"ü\"}", .dictionaries),
        (#"{"errors":[{"code":"c","message":"\ud800"}]}"#, .decoder),
    ]

    func check(_ text: String, path expected: Path) {
        let body = Data(text.utf8)
        let reference = ErrorAnswer.parseWithDecoder(body, decoder: JSONDecoder())
        switch ErrorAnswer.readDictionaries(body) {
        case .read(let answer):
            #expect(expected == .dictionaries, "read from dictionaries: \(text)")
            #expect(Snapshot(answer) == Snapshot(reference), "\(text)")
        case .unsupported:
            #expect(expected == .decoder, "left to the decoder: \(text)")
        }
        #expect(Snapshot(ErrorAnswer.parse(body)) == Snapshot(reference), "\(text)")
    }

    @Test("every error payload Clerk sends is read from dictionaries, with the decoder's answer")
    func payloads() throws {
        let names = try Self.payloadNames()
        #expect(names.count >= 5)
        for name in names { check(try LenientErrorTests.payload(name), path: .dictionaries) }
    }

    @Test("tricky bodies: the same answer, and the expected path", arguments: tricky.indices)
    func trickyBodies(index: Int) {
        check(Self.tricky[index].body, path: Self.tricky[index].path)
    }

    @Test("a decoder that converts keys is always used")
    func convertingDecoder() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let body = Data(try LenientErrorTests.payload("error_envelope").utf8)
        let answer = ErrorAnswer.parse(body, decoder: decoder)
        #expect(Snapshot(answer) == Snapshot(ErrorAnswer.parseWithDecoder(body, decoder: decoder)))
        #expect(answer?.errors.first?.longMessage == "")  // `long_message` is never matched after conversion
    }

    @Test("a repeated member name: the decoder reads the first, JSONSerialization the last (invalid input)")
    func repeatedMember() {
        let body = Data(#"{"errors":[{"code":"first","code":"last"}]}"#.utf8)
        #expect(ErrorAnswer.parseWithDecoder(body, decoder: JSONDecoder())?.errors.first?.code.rawValue == "first")
        #expect(ErrorAnswer.parse(body)?.errors.first?.code.rawValue == "last")
    }
}

/// An answer compared exactly: the values, and every string's Unicode scalars (`String`'s `==` would
/// equate canonically equivalent spellings).
private struct Snapshot: Equatable {
    var errors: [APIError]?
    var client: ClientResource?
    var traceID: String?
    var scalars: [[Unicode.Scalar]]

    init(_ answer: ErrorAnswer?) {
        errors = answer?.errors
        client = answer?.client
        traceID = answer?.traceID
        let strings: [String?] =
            (answer?.errors ?? []).flatMap { error in
                [error.message, error.longMessage, error.code.rawValue, error.meta?.paramName, error.meta?.sessionID]
                    + (error.meta?.identifiers ?? [])
            } + [answer?.traceID]
        scalars = strings.map { Array(($0 ?? "<nil>").unicodeScalars) }
    }
}
