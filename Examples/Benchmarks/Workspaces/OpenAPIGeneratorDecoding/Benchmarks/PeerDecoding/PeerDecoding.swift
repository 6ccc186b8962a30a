// The peer's decode cost: the same payloads as Benchmarks/Decoding, decoded with the types
// apple/swift-openapi-generator generates, each right after ClerkAPI decodes the same bytes in this process
// (machines are noisy; the ratio is taken from neighbours). Payloads its types reject are not timed
// (PeerConformance says why).
import Benchmark
import Foundation
import PeerCases

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )

    for peerCase in PeerCase.all where peerCase.rejection() == nil {
        let data = Data(peerCase.payload.bytes)
        Benchmark("decode:\(peerCase.payload.name):ClerkAPI beside peer") { benchmark in
            let decoder = JSONDecoder()
            for _ in benchmark.scaledIterations {
                blackHole(try peerCase.decodeWithClerkAPI(decoder, data))
            }
        }
        Benchmark("decode:\(peerCase.payload.name):OpenAPIGenerator") { benchmark in
            let decoder = JSONDecoder()
            for _ in benchmark.scaledIterations {
                blackHole(try peerCase.decode(decoder, data))
            }
        }
    }
}
