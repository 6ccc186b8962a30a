import GeneratorKit
import Testing

@Suite("Swift names from wire names")
struct NamingTests {
    @Test(arguments: [
        ("supported_first_factors", "supportedFirstFactors"), ("sign_in_id", "signInID"), ("redirect_url", "redirectURL"),
        ("setup-mfa", "setupMFA"), ("web3_wallet", "web3Wallet"), ("pet_ids", "petIDs"), ("id", "id"),
    ])
    func lowerCamel(wire: String, swift: String) {
        #expect(Naming.lowerCamel(wire) == swift)
    }

    @Test func invalidNamesGiveNil() {
        #expect(Naming.lowerCamel("") == nil)
        #expect(Naming.lowerCamel("3d_secure") == nil)
        #expect(Naming.lowerCamel("a$b") == nil)
    }

    @Test func keywordsAreEscaped() {
        #expect(Naming.escaped("default") == "`default`")
        #expect(Naming.escaped("public") == "`public`")
        #expect(Naming.escaped("status") == "status")
    }

    @Test func outputFileNames() {
        #expect(Naming.outputFileName(forSchemaFile: "sign_in.json") == "SignIn.swift")
        #expect(Naming.outputFileName(forSchemaFile: "nested/error_codes.json") == "ErrorCodes.swift")
    }
}
