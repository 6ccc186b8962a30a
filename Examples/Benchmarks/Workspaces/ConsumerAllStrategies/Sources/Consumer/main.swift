// Uses every strategy module, so that all seven are linked into the binary: one registry for
// password sign-in with MFA and Client Trust and email-verified sign-up, one for signUpIfMissing.
import ClerkBackupCode
import ClerkClientTrust
import ClerkEmailCode
import ClerkPassword
import ClerkPhoneCode
import ClerkTOTP
import ClerkTransfer

var signInOrUp = try FactorRegistry([
    PasswordStrategy(), EmailCodeStrategy(stages: [.signUpVerification]), PhoneCodeStrategy(stages: [.secondFactor]),
    TOTPStrategy(), BackupCodeStrategy(),
])
try signInOrUp.registerClientTrust()
let ifMissing = try FactorRegistry([SignUpIfMissingStrategy()])
let client = try ClerkClient(publishableKey: "pk_test_Y2xlcmsuZXhhbXBsZS5jb20k")
print("all strategies: \(signInOrUp), \(ifMissing) via \(client)")
