import ClerkWire
import Testing

@Suite("Form writer and reader: every parameter type")
struct FormReaderWriterTests {
    @Test func writesEachTypePerTheWireRules() {
        var writer = FormWriter()
        writer.write("s", "text")
        writer.write("yes", true)
        writer.write("no", false)
        writer.write("n", 42)
        writer.write("list", ["a", "b"])
        writer.write("meta", JSONValue.object(["plan": "pro", "seats": 3]))
        writer.write("absent", String?.none)
        writer.write("absentList", [String]?.none)
        #expect(
            writer.fields.percentEncoded()
                == "s=text&yes=true&no=false&n=42&list=a&list=b&meta=%7B%22plan%22%3A%22pro%22%2C%22seats%22%3A3%7D")
    }

    @Test(arguments: [("true", true), ("false", false), ("1", true), ("0", false), ("TRUE", true)])
    func booleansAcceptBothSDKSpellings(text: String, expected: Bool) throws {
        var reader = FormReader([FormField("flag", text)])
        #expect(try reader.bool("flag") == expected)
        try reader.finish()
    }

    @Test func invalidBooleanNamesTheParameter() {
        var reader = FormReader([FormField("legal_accepted", "yes")])
        #expect(throws: FormDecodingError.invalidFormat(parameter: "legal_accepted", expected: "a boolean (true, false, 1 or 0)")) {
            try reader.bool("legal_accepted")
        }
    }

    @Test func integersAndTheirErrors() throws {
        var reader = FormReader([FormField("n", "-7"), FormField("bad", "7x")])
        #expect(try reader.int("n") == -7)
        #expect(throws: FormDecodingError.invalidFormat(parameter: "bad", expected: "an integer")) { try reader.int("bad") }
    }

    @Test func stringArraysAcceptRepeatedAndBracketedKeys() throws {
        var reader = FormReader([FormField("ids", "a"), FormField("ids[]", "b"), FormField("ids", "c")])
        #expect(try reader.strings("ids") == ["a", "c", "b"])
        try reader.finish()
    }

    @Test func jsonObjectsRoundTripThroughOneField() throws {
        let value: JSONValue = ["nested": ["list": [1, true, nil, "x"]], "pi": .number(3.5)]
        var writer = FormWriter()
        writer.write("unsafe_metadata", value)
        var reader = FormReader(try FormFields(percentEncoded: writer.fields.percentEncoded()))
        #expect(try reader.json("unsafe_metadata") == value)
    }

    @Test func invalidJSONNamesTheParameter() {
        var reader = FormReader([FormField("unsafe_metadata", "{not json")])
        #expect(throws: FormDecodingError.invalidFormat(parameter: "unsafe_metadata", expected: "a JSON value")) {
            try reader.json("unsafe_metadata")
        }
    }

    @Test func requiredParametersMustBePresentAndNonEmpty() {
        var reader = FormReader([FormField("code", "")])
        #expect(throws: FormDecodingError.missing(parameter: "code")) { try reader.requiredString("code") }
        #expect(throws: FormDecodingError.missing(parameter: "strategy")) { try reader.requiredString("strategy") }
        #expect(throws: FormDecodingError.missing(parameter: "flag")) { try reader.requiredBool("flag") }
        #expect(throws: FormDecodingError.missing(parameter: "n")) { try reader.requiredInt("n") }
        #expect(throws: FormDecodingError.missing(parameter: "list")) { try reader.requiredStrings("list") }
        #expect(throws: FormDecodingError.missing(parameter: "meta")) { try reader.requiredJSON("meta") }
    }

    @Test func singleValuedParametersRefuseDuplicates() {
        var reader = FormReader([FormField("identifier", "a"), FormField("identifier", "b")])
        #expect(throws: FormDecodingError.duplicate(parameter: "identifier")) { try reader.string("identifier") }
    }

    @Test func finishNamesTheFirstUnreadParameter() throws {
        var reader = FormReader([FormField("identifier", "a"), FormField("surprise", "b"), FormField("later", "c")])
        _ = try reader.string("identifier")
        #expect(throws: FormDecodingError.unknown(parameter: "surprise")) { try reader.finish() }
    }

    @Test func emptyBodyRefusesAnyParameter() {
        #expect(throws: FormDecodingError.unknown(parameter: "x")) { try EmptyFormBody(form: [FormField("x", "1")]) }
        #expect(EmptyFormBody().formFields().isEmpty)
    }

    @Test func errorsDescribeThemselvesWithTheParameter() {
        #expect(FormDecodingError.missing(parameter: "code").description == "form parameter 'code' is missing")
        #expect(FormDecodingError.unknown(parameter: "x").parameter == "x")
        #expect(FormDecodingError.malformedBody(reason: "r").parameter == nil)
    }
}
