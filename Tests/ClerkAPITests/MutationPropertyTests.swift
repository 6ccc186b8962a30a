import ClerkAPI
import Foundation
import Testing

/// Decodes thousands of randomly mutated payloads: fields dropped, types changed, values
/// replaced, bodies truncated. Each either decodes or throws a DecodingError; nothing crashes.
@Suite("Mutated payloads never crash the decoder")
struct MutationPropertyTests {
    /// A small deterministic generator, so a failing case can be replayed from its seed.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static var replacements: [Any] { [NSNull(), "", "x", 0, -1, 1.5, true, false, [Any](), [String: Any](), ["x"], 9_999_999_999_999_999, "needs_everything"] }

    static func mutate(_ value: Any, using random: inout SplitMix64) -> Any {
        switch value {
        case var object as [String: Any]:
            guard let key = object.keys.sorted().randomElement(using: &random) else { return replacements.randomElement(using: &random)! }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: object.removeValue(forKey: key)
            case 1: object[key] = replacements.randomElement(using: &random)!
            default: object[key] = mutate(object[key]!, using: &random)
            }
            return object
        case var array as [Any]:
            guard !array.isEmpty else { return replacements.randomElement(using: &random)! }
            let index = Int.random(in: 0..<array.count, using: &random)
            if Bool.random(using: &random) { array[index] = mutate(array[index], using: &random) } else { array.remove(at: index) }
            return array
        default:
            return replacements.randomElement(using: &random)!
        }
    }

    private func decodeAny(_ data: Data) throws {
        let decoder = JSONDecoder()
        _ = try? decoder.decode(ErrorResponse.self, from: data)
        _ = try? decoder.decode(EnvironmentResource.self, from: data)
        _ = try? decoder.decode(TokenResource.self, from: data)
        _ = try? decoder.decode(Session.self, from: data)
        _ = try? decoder.decode(User.self, from: data)
        _ = try? decoder.decode(ClientEnvelope<SignUp, ClientResource>.self, from: data)
        do {
            _ = try decoder.decode(ClientEnvelope<SignIn, ClientResource>.self, from: data)
        } catch is DecodingError {
            // The one allowed failure: a typed decoding error.
        }
    }

    @Test func thousandsOfMutationsDecodeOrThrowDecodingErrors() throws {
        var random = SplitMix64(state: 0x5EED)
        var decodedCount = 0
        var mutations = 0
        for (_, json) in Payloads.all {
            let original = try JSONSerialization.jsonObject(with: Data(json.utf8))
            for _ in 0..<600 {
                var mutated = original
                for _ in 0..<Int.random(in: 1...3, using: &random) { mutated = Self.mutate(mutated, using: &random) }
                guard JSONSerialization.isValidJSONObject(mutated) else { continue }
                var data = try JSONSerialization.data(withJSONObject: mutated)
                if Int.random(in: 0..<5, using: &random) == 0 {
                    data = data.prefix(Int.random(in: 0...data.count, using: &random))
                }
                mutations += 1
                try decodeAny(data)
                if (try? JSONDecoder().decode(ClientEnvelope<SignIn, ClientResource>.self, from: data)) != nil { decodedCount += 1 }
            }
        }
        #expect(mutations >= 4_000)
        // Some mutations must still decode (optional fields dropped), or the test proves nothing.
        #expect(decodedCount > 0)
    }
}
