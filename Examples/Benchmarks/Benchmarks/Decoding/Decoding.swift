// Client decode cost: each realistic answer decoded into the generated ClerkAPI types, next to
// Foundation's untyped JSONSerialization parse of the same bytes (the floor).
import Benchmark
import BenchmarkPayloads
@_spi(Benchmarks) import Clerk
import ClerkAPI
import Foundation

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )

    func registerFloor(_ payload: DecodeCase) {
        let data = Data(payload.bytes)
        Benchmark("decode:\(payload.name):JSONSerialization") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONSerialization.jsonObject(with: data))
            }
        }
    }

    func register<T: Decodable>(_ payload: DecodeCase, as type: T.Type) {
        let data = Data(payload.bytes)
        registerFloor(payload)
        Benchmark("decode:\(payload.name):ClerkAPI") { benchmark in
            let decoder = JSONDecoder()
            for _ in benchmark.scaledIterations {
                blackHole(try decoder.decode(type, from: data))
            }
        }
    }

    register(.signInNeedsSecondFactor, as: AttemptSignInFirstFactorRequest.Response.self)
    register(.completedSignIn, as: CreateSignInRequest.Response.self)
    register(.signUpMissingRequirements, as: CreateSignUpRequest.Response.self)
    register(.errorEnvelope, as: ErrorResponse.self)
    register(.olderEnvironment, as: GetEnvironmentRequest.Response.self)
    // The same answers without what the spec forbids, which the peer's types decode too.
    register(.specShapedSignInNeedsSecondFactor, as: AttemptSignInFirstFactorRequest.Response.self)
    register(.specShapedCompletedSignIn, as: CreateSignInRequest.Response.self)
    register(.specShapedSignUpMissingRequirements, as: CreateSignUpRequest.Response.self)
    // Error answers as the client reads them (ClerkClient's lenient path, with its decoder).
    for payload in DecodeCase.errorShapes {
        let data = Data(payload.bytes)
        registerFloor(payload)
        Benchmark("decode:\(payload.name):Clerk") { benchmark in
            let decoder = JSONDecoder()
            for _ in benchmark.scaledIterations {
                blackHole(ErrorAnswer.parse(data, decoder: decoder))
            }
        }
    }
}
