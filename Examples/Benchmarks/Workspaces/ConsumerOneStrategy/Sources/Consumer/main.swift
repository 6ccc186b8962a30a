// Uses the runtime and the password strategy, so that both are linked into the binary.
import ClerkPassword

let registry = try FactorRegistry([PasswordStrategy()])
let client = try ClerkClient(publishableKey: "pk_test_Y2xlcmsuZXhhbXBsZS5jb20k")
print("one strategy: \(registry) via \(client)")
