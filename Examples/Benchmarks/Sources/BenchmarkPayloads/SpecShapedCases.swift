import Foundation

/// The payloads the peer's spec-generated types reject, edited as little as needed to fit the spec
/// (fields real answers carry that the spec forbids are dropped), so that both decoders can be timed
/// on the same bytes. The real payloads stay the measure of what each decoder accepts.
extension DecodeCase {
    public static let specShapedSignInNeedsSecondFactor = DecodeCase(
        "sign-in needing a second factor, spec-shaped",
        specShaped(Payloads.signInNeedsSecondFactorEnvelope)
    )
    public static let specShapedCompletedSignIn = DecodeCase(
        "completed sign-in with session and user, spec-shaped",
        specShaped(Payloads.completedSignIn)
    )
    /// The spec puts the client of a sign-up answer at the top, not under `meta`.
    public static let specShapedSignUpMissingRequirements = DecodeCase(
        "sign-up with missing requirements, spec-shaped",
        specShaped(
            Payloads.signUpMissingRequirementsEnvelope
                .replacingOccurrences(of: #","client":null,"meta":{"client":"#, with: #","client":"#)
                .trimmingCharacters(in: .whitespacesAndNewlines)
                .dropLast()
                .description
        )
    )

    public static let specShaped: [DecodeCase] = [
        specShapedSignInNeedsSecondFactor, specShapedCompletedSignIn, specShapedSignUpMissingRequirements,
    ]

    /// Drops what Clerk's real answers carry beyond the 2026-05-12 spec: `locale` on sign-ins and
    /// sign-ups, `password` among supported identifiers.
    private static func specShaped(_ json: String) -> String {
        json.replacingOccurrences(of: #","locale":null"#, with: "")
            .replacingOccurrences(of: #","locale":"en-US""#, with: "")
            .replacingOccurrences(of: #"["email_address","password"]"#, with: #"["email_address"]"#)
    }
}
