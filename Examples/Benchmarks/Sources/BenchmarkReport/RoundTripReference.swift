/// For each documented flow the examples run (`Examples/Sources/ExampleFlows/Flows`), the requests two
/// references need for the same scenario, to set next to what our SDK's transport counted:
/// - `minimum`: the fewest requests the Frontend API permits for the flow as its guide documents it (per Clerk's
///   Frontend API reference; where a different form would save a request, the reason says so);
/// - `jsSDK`: what Clerk's JS SDK sends calling the SignInFuture/SignUpFuture methods the guide uses
///   (clerk/javascript `packages/clerk-js/src/core/resources/SignIn.ts`, `SignUp.ts`, `clerk.ts`).
///
/// Counted the same way on every side: Frontend API requests made after the client is loaded (the
/// environment and client fetched at start-up are left out). In the JS SDK, `finalize()` calls
/// `setActive`, which touches the session (`POST /sessions/{id}/touch`) in an active tab or a native
/// app, and reads the token from the `last_active_token` the answer carried (no `/tokens` request);
/// `sendCode({ emailAddress | phoneNumber })` creates the sign-in and then prepares: two requests;
/// captcha tokens come from the captcha provider, not the Frontend API. Sign-out is one request everywhere.
struct RoundTripReference: Sendable {
    /// The flow's number and its name in `Examples --json` (the `roundtrips.<name>` value).
    var number: Int
    var name: String
    var minimum: Int
    var minimumReason: String
    var jsSDK: Int
    var jsSDKReason: String

    static let all: [RoundTripReference] = [
        RoundTripReference(
            number: 1, name: "sign-in-or-up",
            minimum: 8,
            minimumReason:
                "sign-in (422 not found), sign-up create with email and password, PATCH legal_accepted (the guide collects it once the sign-up reports it missing), prepare, attempt; then on a new device password sign-in, prepare and attempt the Client Trust code. A form that asks for the terms up front could send legal_accepted on create: 7",
            jsSDK: 10,
            jsSDKReason:
                "signIn.password (422), signUp.password, signUp.verifications.sendEmailCode, signUp.update({ legalAccepted }), verifyEmailCode, signUp.finalize (touch); signIn.password, signIn.mfa.sendEmailCode, mfa.verifyEmailCode, signIn.finalize (touch)"
        ),
        RoundTripReference(
            number: 2, name: "sign-in-or-up-if-missing",
            minimum: 6,
            minimumReason:
                "sign-in create with strategy email_code and sign_up_if_missing (creates and sends at once), attempt (404 transfer), sign-up create with transfer, PATCH legal_accepted (the guide collects missing requirements after the transfer); known address: create-and-send, attempt. Sending legal_accepted with the transfer would make 5",
            jsSDK: 10,
            jsSDKReason:
                "signIn.create({ signUpIfMissing }), signIn.emailCode.sendCode() (prepare), verifyCode (404), signUp.create({ transfer }), signUp.update({ legalAccepted }), signUp.finalize (touch); known address: create, sendCode, verifyCode, signIn.finalize (touch)"
        ),
        RoundTripReference(
            number: 3, name: "email-password-sign-up",
            minimum: 3,
            minimumReason:
                "sign-up create with email and password, prepare_verification email_code, attempt_verification; the answer's client already has the session active",
            jsSDK: 4,
            jsSDKReason: "signUp.password, signUp.verifications.sendEmailCode, verifyEmailCode, signUp.finalize (touch)"
        ),
        RoundTripReference(
            number: 4, name: "email-password-sign-in",
            minimum: 3,
            minimumReason: "password sign-in (needs_client_trust), prepare_second_factor email_code, attempt_second_factor",
            jsSDK: 4,
            jsSDKReason: "signIn.password, signIn.mfa.sendEmailCode, signIn.mfa.verifyEmailCode, signIn.finalize (touch)"
        ),
        RoundTripReference(
            number: 5, name: "sms-code-sign-up",
            minimum: 3,
            minimumReason: "sign-up create with the phone number, prepare_verification phone_code, attempt_verification",
            jsSDK: 4,
            jsSDKReason: "signUp.create({ phoneNumber }), signUp.verifications.sendPhoneCode, verifyPhoneCode, signUp.finalize (touch)"
        ),
        RoundTripReference(
            number: 6, name: "email-code-sign-up",
            minimum: 3,
            minimumReason: "sign-up create with the email address, prepare_verification email_code, attempt_verification",
            jsSDK: 4,
            jsSDKReason: "signUp.create({ emailAddress }), signUp.verifications.sendEmailCode, verifyEmailCode, signUp.finalize (touch)"
        ),
        RoundTripReference(
            number: 7, name: "sms-code-sign-in",
            minimum: 2,
            minimumReason: "sign-in create with strategy phone_code (creates and texts the code at once), attempt_first_factor",
            jsSDK: 4,
            jsSDKReason:
                "signIn.phoneCode.sendCode({ phoneNumber }) (create, then prepare), verifyCode, signIn.finalize (touch); the guide's extra signIn.create first makes 5"
        ),
        RoundTripReference(
            number: 8, name: "email-code-sign-in",
            minimum: 2,
            minimumReason: "sign-in create with strategy email_code (creates and emails the code at once), attempt_first_factor",
            jsSDK: 4,
            jsSDKReason:
                "signIn.emailCode.sendCode({ emailAddress }) (create, then prepare), verifyCode, signIn.finalize (touch); the guide's extra signIn.create first makes 5"
        ),
        RoundTripReference(
            number: 9, name: "client-trust-email",
            minimum: 5,
            minimumReason:
                "password sign-in (needs_client_trust), prepare and attempt the email code; sign-out; on the now trusted device the password sign-in completes",
            jsSDK: 7,
            jsSDKReason:
                "signIn.password, signIn.mfa.sendEmailCode, mfa.verifyEmailCode, signIn.finalize (touch); Clerk.signOut; signIn.password, signIn.finalize (touch)"
        ),
        RoundTripReference(
            number: 10, name: "client-trust-phone",
            minimum: 3,
            minimumReason: "password sign-in (needs_client_trust), prepare_second_factor phone_code, attempt_second_factor",
            jsSDK: 4,
            jsSDKReason: "signIn.password, signIn.mfa.sendPhoneCode, signIn.mfa.verifyPhoneCode, signIn.finalize (touch)"
        ),
        RoundTripReference(
            number: 11, name: "mfa-sms",
            minimum: 3,
            minimumReason: "password sign-in (needs_second_factor), prepare_second_factor phone_code, attempt_second_factor",
            jsSDK: 4,
            jsSDKReason: "signIn.password, signIn.mfa.sendPhoneCode, signIn.mfa.verifyPhoneCode, signIn.finalize (touch)"
        ),
        RoundTripReference(
            number: 12, name: "mfa-totp",
            minimum: 2,
            minimumReason: "password sign-in (needs_second_factor), attempt_second_factor totp (nothing to send)",
            jsSDK: 3,
            jsSDKReason: "signIn.password, signIn.mfa.verifyTOTP, signIn.finalize (touch)"
        ),
        RoundTripReference(
            number: 13, name: "mfa-backup-code",
            minimum: 6,
            minimumReason: "password sign-in, attempt backup_code; sign-out; password sign-in, the used code's refused attempt, the next code's attempt",
            jsSDK: 8,
            jsSDKReason:
                "signIn.password, signIn.mfa.verifyBackupCode, signIn.finalize (touch); Clerk.signOut; signIn.password, verifyBackupCode twice, signIn.finalize (touch)"
        ),
    ]
}
