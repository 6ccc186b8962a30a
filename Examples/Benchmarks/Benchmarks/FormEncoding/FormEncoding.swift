// Form encoding of request bodies: a typed body written as the percent-encoded wire form the
// SDK sends, and the same bytes read back into the typed body as the local server does.
import Benchmark
import ClerkAPI

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )

    func register<Body: FormCodable>(_ name: String, _ body: Body) {
        Benchmark("form:\(name):encode") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(body.formFields().percentEncoded())
            }
        }
        let wire = body.formFields().percentEncoded()
        Benchmark("form:\(name):decode") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try Body(form: FormFields(percentEncoded: wire)))
            }
        }
    }

    register(
        "CreateSignInRequest.Body (email code)",
        CreateSignInRequest.Body(strategy: .emailCode, identifier: "jane+clerk_test@example.com", locale: "en-US")
    )
    register(
        "CreateSignInRequest.Body (password)",
        CreateSignInRequest.Body(strategy: .password, identifier: "jane+clerk_test@example.com", password: "correct horse battery staple")
    )
    register(
        "AttemptSignInFirstFactorRequest.Body (code)",
        AttemptSignInFirstFactorRequest.Body(strategy: .emailCode, code: "424242")
    )
    register(
        "CreateSignUpRequest.Body (unsafe_metadata)",
        CreateSignUpRequest.Body(
            password: "correct horse battery staple", firstName: "Jane", lastName: "Doe",
            emailAddress: "new+clerk_test@example.com",
            unsafeMetadata: ["plan": "pro", "referrer": "newsletter", "seats": 5, "features": ["sso", "audit-log"], "trial": true],
            legalAccepted: true, locale: "en-US"
        )
    )
}
