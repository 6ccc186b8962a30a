// A decode loop to run under a profiler, e.g.
//   valgrind --tool=callgrind .build/release/DecodeProfile "error envelope" 2000
// Decodes one payload of Benchmarks/Decoding N times with ClerkAPI (an error answer: the way the
// client reads it), or with a third argument `floor` with JSONSerialization, and prints the mean
// wall-clock time per decode.
import BenchmarkPayloads
@_spi(Benchmarks) import Clerk
import ClerkAPI
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard (2...3).contains(arguments.count), let iterations = Int(arguments[1]),
    let payload = (DecodeCase.all + DecodeCase.errorShapes).first(where: { $0.name == arguments[0] })
else {
    print("usage: DecodeProfile PAYLOAD ITERATIONS [floor]\npayloads: \((DecodeCase.all + DecodeCase.errorShapes).map(\.name))")
    exit(64)
}
let data = Data(payload.bytes)
let decoder = JSONDecoder()

func decodeWithClerkAPI() throws -> Any {
    if DecodeCase.errorShapes.contains(where: { $0.name == payload.name }) {
        return ErrorAnswer.parse(data, decoder: decoder) as Any
    }
    return switch payload.name {
    case DecodeCase.signUpMissingRequirements.name: try decoder.decode(CreateSignUpRequest.Response.self, from: data)
    case DecodeCase.errorEnvelope.name: try decoder.decode(ErrorResponse.self, from: data)
    case DecodeCase.olderEnvironment.name: try decoder.decode(GetEnvironmentRequest.Response.self, from: data)
    default: try decoder.decode(CreateSignInRequest.Response.self, from: data)
    }
}

let floor = arguments.count == 3 && arguments[2] == "floor"
let elapsed = try ContinuousClock().measure {
    for _ in 0..<iterations {
        _ = floor ? try JSONSerialization.jsonObject(with: data) : try decodeWithClerkAPI()
    }
}
let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
print("\(payload.name): \(Int(nanoseconds / Double(max(iterations, 1)))) ns per decode")
