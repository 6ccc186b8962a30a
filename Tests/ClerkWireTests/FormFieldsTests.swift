import ClerkWire
import Foundation
import Testing

@Suite("Form fields: percent encoding both ways")
struct FormFieldsTests {
    @Test func encodesEveryByteOutsideTheUnreservedSet() {
        let fields: FormFields = [FormField("identifier", "jane+clerk_test@example.com"), FormField("note", "a b&c=d/é")]
        #expect(fields.percentEncoded() == "identifier=jane%2Bclerk_test%40example.com&note=a%20b%26c%3Dd%2F%C3%A9")
    }

    @Test func decodesWhatItEncodes() throws {
        let original: FormFields = [FormField("a", "x y+z"), FormField("a", "second"), FormField("emoji", "🙂"), FormField("empty", "")]
        let decoded = try FormFields(percentEncoded: original.percentEncoded())
        #expect(decoded == original)
    }

    @Test func plusMeansSpaceAndMissingValueIsEmpty() throws {
        let decoded = try FormFields(percentEncoded: "name=Jane+Doe&flag&&x=1")
        #expect(decoded.fields == [FormField("name", "Jane Doe"), FormField("flag", ""), FormField("x", "1")])
        #expect(decoded.names == ["name", "flag", "x"])
    }

    @Test(arguments: ["a=%zz", "a=%4", "a=%", "=value", "a=%FF%FE"])
    func malformedBodiesAreTypedErrors(body: String) {
        #expect(throws: FormDecodingError.self) { try FormFields(percentEncoded: body) }
        do {
            _ = try FormFields(percentEncoded: body)
        } catch {
            guard case .malformedBody = error else {
                Issue.record("expected malformedBody, got \(error)")
                return
            }
        }
    }

    @Test func nonUTF8DataIsMalformed() {
        #expect(throws: FormDecodingError.malformedBody(reason: "the body is not UTF-8 text")) {
            try FormFields(percentEncoded: Data([0x61, 0x3D, 0xFF]))
        }
    }

    @Test func valuesKeepOrderAndRepeats() {
        let fields: FormFields = [FormField("s", "1"), FormField("t", "x"), FormField("s", "2")]
        #expect(fields.values(named: "s") == ["1", "2"])
        #expect(fields.values(named: "missing") == [])
    }
}
