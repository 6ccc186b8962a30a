/// One payload the decode benchmarks read, as the bytes a transport hands the decoder.
public struct DecodeCase: Sendable {
    /// Short name used in benchmark names and the results table.
    public let name: String
    public let bytes: [UInt8]

    init(_ name: String, _ json: String) {
        self.name = name
        self.bytes = Array(json.utf8)
    }
}

extension DecodeCase {
    public static let signInNeedsSecondFactor = DecodeCase("sign-in needing a second factor", Payloads.signInNeedsSecondFactorEnvelope)
    public static let completedSignIn = DecodeCase("completed sign-in with session and user", Payloads.completedSignIn)
    public static let signUpMissingRequirements = DecodeCase("sign-up with missing requirements", Payloads.signUpMissingRequirementsEnvelope)
    public static let errorEnvelope = DecodeCase("error envelope", Payloads.errorEnvelope)
    public static let olderEnvironment = DecodeCase("environment (older API version)", Payloads.olderEnvironment)

    /// The enveloped answers, then the environment.
    public static let all: [DecodeCase] = [
        signInNeedsSecondFactor, completedSignIn, signUpMissingRequirements, errorEnvelope, olderEnvironment,
    ]
}
