import Foundation
import GeneratorKit
import Testing

/// One test per validation rule: each names the file and JSON path, and nothing is generated.
@Suite("Schema validation rules")
struct ValidationTests {
    /// Generates from in-memory documents and returns the diagnostics it failed with.
    private func diagnostics(_ documents: [String: String]) -> [SchemaDiagnostic] {
        do {
            let files = try Generation.generate(files: documents.map { ($0.key, Data($0.value.utf8)) })
            Issue.record("expected an invalid schema, but it generated \(files.map(\.name))")
            return []
        } catch let error as SchemaError {
            return error.diagnostics
        } catch {
            Issue.record("unexpected error \(error)")
            return []
        }
    }

    private func expectDiagnostic(
        _ documents: [String: String], file: String, path: String, containing text: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let found = diagnostics(documents)
        #expect(
            found.contains { $0.location.file == file && $0.location.path == path && $0.message.contains(text) },
            "no diagnostic '\(text)' at \(file): \(path); got \(found.map(\.description))",
            sourceLocation: sourceLocation
        )
    }

    private let resourceWithField = { (type: String) in
        #"{"resources":[{"name":"R","fields":[{"name":"f","type":"\#(type)","required":true}]}]}"#
    }

    @Test func malformedJSONIsReported() {
        expectDiagnostic(["a.json": "{ nope"], file: "a.json", path: "$", containing: "not valid JSON")
    }

    @Test func topLevelMustBeAnObject() {
        expectDiagnostic(["a.json": "[]"], file: "a.json", path: "$", containing: "expected an object, found an array")
    }

    @Test func unknownKeysAreRejected() {
        expectDiagnostic(
            ["a.json": #"{"resources":[{"name":"R","fields":[{"name":"f","type":"string","requird":true}]}]}"#],
            file: "a.json", path: "$.resources[0].fields[0].requird", containing: "unknown key 'requird'"
        )
    }

    @Test func missingRequiredKeysAreReported() {
        expectDiagnostic(["a.json": #"{"resources":[{"fields":[]}]}"#], file: "a.json", path: "$.resources[0]", containing: "missing required key 'name'")
    }

    @Test func wrongJSONTypesAreReported() {
        expectDiagnostic(
            ["a.json": #"{"resources":[{"name":"R","fields":[{"name":"f","type":"string","required":"yes"}]}]}"#],
            file: "a.json", path: "$.resources[0].fields[0].required", containing: "expected a boolean, found a string"
        )
    }

    @Test func typeExpressionsMustParse() {
        expectDiagnostic(["a.json": resourceWithField("[string")], file: "a.json", path: "$.resources[0].fields[0].type", containing: "is not a type")
    }

    @Test func unknownTypeReferences() {
        expectDiagnostic(
            ["a.json": resourceWithField("[Sesion]")], file: "a.json", path: "$.resources[0].fields[0]", containing: "unknown type reference 'Sesion'")
    }

    @Test func duplicateTypeNamesAcrossFiles() {
        expectDiagnostic(
            ["a.json": resourceWithField("string"), "b.json": #"{"enums":[{"name":"R","values":[{"value":"x"}]}]}"#],
            file: "b.json", path: "$.enums[0]", containing: "duplicate type name 'R'"
        )
    }

    @Test func typeNamesMustBeUpperCamelIdentifiers() {
        expectDiagnostic(
            ["a.json": #"{"enums":[{"name":"lower","values":[{"value":"x"}]}]}"#], file: "a.json", path: "$.enums[0]", containing: "UpperCamelCase")
    }

    @Test func duplicateFields() {
        expectDiagnostic(
            ["a.json": #"{"resources":[{"name":"R","fields":[{"name":"f","type":"string"},{"name":"f","type":"integer"}]}]}"#],
            file: "a.json", path: "$.resources[0].fields[1]", containing: "duplicate field 'f'"
        )
    }

    @Test func fieldsClashingOnTheirSwiftName() {
        expectDiagnostic(
            ["a.json": #"{"resources":[{"name":"R","fields":[{"name":"sign_in","type":"string"},{"name":"sign-in","type":"string"}]}]}"#],
            file: "a.json", path: "$.resources[0].fields[1]", containing: "both map to the Swift name 'signIn'"
        )
    }

    @Test func fieldsCannotClashWithAdditionalProperties() {
        expectDiagnostic(
            ["a.json": #"{"resources":[{"name":"R","additionalProperties":true,"fields":[{"name":"additional_properties","type":"json"}]}]}"#],
            file: "a.json", path: "$.resources[0].fields[0]", containing: "clashes with the additionalProperties"
        )
    }

    @Test func constOnlyOnStrings() {
        expectDiagnostic(
            ["a.json": #"{"resources":[{"name":"R","fields":[{"name":"n","type":"integer","const":"x"}]}]}"#],
            file: "a.json", path: "$.resources[0].fields[0]", containing: "has a const value but is not a string"
        )
    }

    @Test func duplicateEnumValues() {
        expectDiagnostic(
            ["a.json": #"{"enums":[{"name":"E","values":[{"value":"x"},{"value":"x"}]}]}"#], file: "a.json", path: "$.enums[0].values[1]",
            containing: "duplicate enum value 'x'")
    }

    @Test func enumValueClash() {
        expectDiagnostic(
            ["a.json": #"{"enums":[{"name":"E","values":[{"value":"setup_mfa"},{"value":"setup-mfa"}]}]}"#],
            file: "a.json", path: "$.enums[0].values[1]", containing: "both map to the Swift name 'setupMFA'"
        )
    }

    @Test func enumValuesWithoutASwiftNameNeedOne() {
        expectDiagnostic(
            ["a.json": #"{"enums":[{"name":"E","values":[{"value":""}]}]}"#], file: "a.json", path: "$.enums[0].values[0]", containing: "add a swiftName")
    }

    @Test func enumsNeedValues() {
        expectDiagnostic(["a.json": #"{"enums":[{"name":"E","values":[]}]}"#], file: "a.json", path: "$.enums[0]", containing: "has no values")
    }

    private func endpoint(_ members: String) -> [String: String] {
        [
            "r.json":
                #"{"resources":[{"name":"R","fields":[{"name":"id","type":"string"}]}],"enums":[{"name":"E","values":[{"value":"x"}]}],"envelope":{"clientType":"R"}}"#,
            "e.json": #"{"endpoints":[{\#(members)}]}"#,
        ]
    }

    @Test func pathParameterWithoutAField() {
        expectDiagnostic(
            endpoint(#""name":"get","method":"GET","path":"/v1/r/{r_id}","response":{"shape":"bare","type":"R"}"#),
            file: "e.json", path: "$.endpoints[0]", containing: "path parameter '{r_id}' has no pathParameters entry"
        )
    }

    @Test func pathParameterFieldNotInThePath() {
        expectDiagnostic(
            endpoint(#""name":"get","method":"GET","path":"/v1/r","pathParameters":[{"name":"r_id"}],"response":{"shape":"bare","type":"R"}"#),
            file: "e.json", path: "$.endpoints[0].pathParameters[0]", containing: "does not appear in the path"
        )
    }

    @Test func unsupportedMethod() {
        expectDiagnostic(
            endpoint(#""name":"get","method":"FETCH","path":"/v1/r","response":{"shape":"bare","type":"R"}"#),
            file: "e.json", path: "$.endpoints[0].method", containing: "unsupported HTTP method 'FETCH'"
        )
    }

    @Test func pathsMustBeAbsoluteWithoutQuery() {
        expectDiagnostic(
            endpoint(#""name":"get","method":"GET","path":"v1/r?x=1","response":{"shape":"bare","type":"R"}"#),
            file: "e.json", path: "$.endpoints[0]", containing: "must start with /"
        )
    }

    @Test func getCannotHaveABody() {
        expectDiagnostic(
            endpoint(#""name":"get","method":"GET","path":"/v1/r","body":[{"name":"x","type":"string"}],"response":{"shape":"bare","type":"R"}"#),
            file: "e.json", path: "$.endpoints[0]", containing: "a GET endpoint cannot have a body"
        )
    }

    @Test func duplicateParameters() {
        expectDiagnostic(
            endpoint(
                #""name":"post","method":"POST","path":"/v1/r","body":[{"name":"x","type":"string"},{"name":"x","type":"boolean"}],"response":{"shape":"bare","type":"R"}"#
            ),
            file: "e.json", path: "$.endpoints[0].body[1]", containing: "duplicate parameter 'x'"
        )
    }

    @Test func formFieldsMustBeFormEncodable() {
        expectDiagnostic(
            endpoint(#""name":"post","method":"POST","path":"/v1/r","body":[{"name":"x","type":"R"}],"response":{"shape":"bare","type":"R"}"#),
            file: "e.json", path: "$.endpoints[0].body[0]", containing: "cannot be form encoded"
        )
    }

    @Test func responseShapeMustBeKnown() {
        expectDiagnostic(
            endpoint(#""name":"get","method":"GET","path":"/v1/r","response":{"shape":"wrapped","type":"R"}"#),
            file: "e.json", path: "$.endpoints[0].response.shape", containing: "response shape 'wrapped'"
        )
    }

    @Test func responseTypeMustExist() {
        expectDiagnostic(
            endpoint(#""name":"get","method":"GET","path":"/v1/r","response":{"shape":"bare","type":"Nope"}"#),
            file: "e.json", path: "$.endpoints[0].response", containing: "unknown type reference 'Nope'"
        )
    }

    @Test func envelopedResponsesNeedAnEnvelope() {
        expectDiagnostic(
            [
                "r.json":
                    #"{"resources":[{"name":"R","fields":[{"name":"id","type":"string"}]}],"endpoints":[{"name":"get","method":"GET","path":"/v1/r","response":{"shape":"enveloped","type":"R"}}]}"#
            ],
            file: "r.json", path: "$.endpoints[0].response", containing: "needs an envelope declaration"
        )
    }

    @Test func envelopeClientMustBeAResource() {
        expectDiagnostic(
            ["r.json": #"{"enums":[{"name":"E","values":[{"value":"x"}]}],"envelope":{"clientType":"E"}}"#],
            file: "r.json", path: "$.envelope", containing: "is not a declared resource"
        )
    }

    @Test func onlyOneEnvelope() {
        expectDiagnostic(
            [
                "a.json": #"{"resources":[{"name":"R","fields":[{"name":"id","type":"string"}]}],"envelope":{"clientType":"R"}}"#,
                "b.json": #"{"envelope":{"clientType":"R"}}"#,
            ],
            file: "b.json", path: "$.envelope", containing: "a second envelope declaration"
        )
    }

    @Test func duplicateEndpointNames() {
        let get = #"{"name":"get","method":"GET","path":"/v1/r","response":{"shape":"bare","type":"R"}}"#
        expectDiagnostic(
            ["r.json": #"{"resources":[{"name":"R","fields":[{"name":"id","type":"string"}]}],"endpoints":[\#(get),\#(get)]}"#],
            file: "r.json", path: "$.endpoints[1]", containing: "duplicate type name 'GetRequest'"
        )
    }

    @Test func endpointTypeNamesClashWithResources() {
        expectDiagnostic(
            [
                "r.json":
                    #"{"resources":[{"name":"GetRequest","fields":[{"name":"id","type":"string"}]}],"endpoints":[{"name":"get","method":"GET","path":"/v1/r","response":{"shape":"bare","type":"GetRequest"}}]}"#
            ],
            file: "r.json", path: "$.endpoints[0]", containing: "duplicate type name 'GetRequest'"
        )
    }

    @Test func duplicateErrorCodes() {
        let code = #"{"code":"c","variants":[{"name":"C","status":400}]}"#
        expectDiagnostic(
            ["e.json": #"{"errorCodes":{"typeName":"Code","codes":[\#(code),\#(code)]}}"#], file: "e.json", path: "$.errorCodes.codes[1]",
            containing: "duplicate error code 'c'")
    }

    @Test func errorStatusesMustBeHTTPStatuses() {
        expectDiagnostic(
            ["e.json": #"{"errorCodes":{"typeName":"Code","codes":[{"code":"c","variants":[{"name":"C","status":99}]}]}}"#],
            file: "e.json", path: "$.errorCodes.codes[0].variants[0]", containing: "HTTP status 99"
        )
    }

    @Test func errorCodesNeedVariants() {
        expectDiagnostic(
            ["e.json": #"{"errorCodes":{"typeName":"Code","codes":[{"code":"c","variants":[]}]}}"#], file: "e.json", path: "$.errorCodes.codes[0]",
            containing: "has no variants")
    }

    @Test func twoFilesRenderingToTheSameOutput() {
        expectDiagnostic(["sign_in.json": "{}", "sub/sign_in.json": "{}"], file: "sub/sign_in.json", path: "$", containing: "renders to SignIn.swift")
    }

    @Test func everyProblemIsReportedNotJustTheFirst() {
        let found = diagnostics(["a.json": #"{"resources":[{"name":"R","fields":[{"name":"a","type":"Nope"},{"name":"b","type":"Nada"}]}]}"#])
        #expect(found.count == 2)
    }

    @Test func resourcesNeedFields() {
        expectDiagnostic(
            ["a.json": #"{"resources":[{"name":"R","additionalProperties":true,"fields":[]}]}"#], file: "a.json", path: "$.resources[0]",
            containing: "resource 'R' has no fields")
    }

    @Test func fieldsWithoutASwiftNameNeedOne() {
        expectDiagnostic(
            ["a.json": resourceWithField("string").replacingOccurrences(of: #""f""#, with: #""3d_secure""#)], file: "a.json", path: "$.resources[0].fields[0]",
            containing: "field '3d_secure' does not give a Swift name; add a swiftName")
    }

    @Test func aSwiftNameOverrideMustBeAnIdentifier() {
        expectDiagnostic(
            ["a.json": #"{"resources":[{"name":"R","fields":[{"name":"f","type":"string","swiftName":"not ok"}]}]}"#],
            file: "a.json", path: "$.resources[0].fields[0]", containing: "does not give a Swift name"
        )
    }

    @Test func enumValuesCannotTakeKnownValues() {
        expectDiagnostic(
            ["a.json": #"{"enums":[{"name":"E","values":[{"value":"known_values"}]}]}"#], file: "a.json", path: "$.enums[0].values[0]",
            containing: "clashes with the knownValues of 'E'")
    }

    @Test func errorCodesWithoutASwiftName() {
        expectDiagnostic(
            ["e.json": #"{"errorCodes":{"typeName":"Code","codes":[{"code":"404","variants":[{"name":"C"}]}]}}"#],
            file: "e.json", path: "$.errorCodes.codes[0]", containing: "error code '404' does not give a Swift name"
        )
    }

    @Test func errorCodesClashingOnTheirSwiftName() {
        let codes = #"[{"code":"form_invalid","variants":[{"name":"A"}]},{"code":"form-invalid","variants":[{"name":"B"}]}]"#
        expectDiagnostic(
            ["e.json": #"{"errorCodes":{"typeName":"Code","codes":\#(codes)}}"#],
            file: "e.json", path: "$.errorCodes.codes[1]", containing: "error codes 'form_invalid' and 'form-invalid' both map to the Swift name 'formInvalid'"
        )
    }

    @Test func endpointNamesMustGiveATypeName() {
        expectDiagnostic(
            endpoint(#""name":"2get","method":"GET","path":"/v1/r","response":{"shape":"bare","type":"R"}"#),
            file: "e.json", path: "$.endpoints[0]", containing: "endpoint name '2get' does not give a Swift type name"
        )
    }

    @Test func pathParametersNeedASwiftName() {
        expectDiagnostic(
            endpoint(#""name":"get","method":"GET","path":"/v1/r/{1}","pathParameters":[{"name":"1"}],"response":{"shape":"bare","type":"R"}"#),
            file: "e.json", path: "$.endpoints[0].pathParameters[0]", containing: "path parameter '1' does not give a Swift name"
        )
    }

    @Test func parametersClashingOnTheirSwiftName() {
        expectDiagnostic(
            endpoint(
                #""name":"get","method":"GET","path":"/v1/r/{r_id}","pathParameters":[{"name":"r_id"}],"query":[{"name":"r-id","type":"string"}],"response":{"shape":"bare","type":"R"}"#
            ),
            file: "e.json", path: "$.endpoints[0].query[0]", containing: "parameters 'r_id' and 'r-id' both map to the Swift name 'rID'"
        )
    }

    @Test func bodyFieldsLiveInTheirOwnScope() throws {
        let documents = endpoint(
            #""name":"post","method":"POST","path":"/v1/r","query":[{"name":"mode","type":"string"}],"body":[{"name":"body","type":"string"},{"name":"path","type":"string"}],"response":{"shape":"bare","type":"R"}"#
        )
        let files = try Generation.generate(files: documents.map { ($0.key, Data($0.value.utf8)) })
        #expect(files.map(\.name).sorted() == ["E.swift", "R.swift"])
    }

    @Test func queryParametersCannotTakeARequestMember() {
        expectDiagnostic(
            endpoint(#""name":"get","method":"GET","path":"/v1/r","query":[{"name":"path","type":"string"}],"response":{"shape":"bare","type":"R"}"#),
            file: "e.json", path: "$.endpoints[0].query[0]", containing: "parameter 'path' clashes with the member 'path' of GetRequest"
        )
    }

    @Test func secretsNeverGoInTheQuery() {
        expectDiagnostic(
            endpoint(
                #""name":"get","method":"GET","path":"/v1/r","query":[{"name":"code","type":"string","secret":true}],"response":{"shape":"bare","type":"R"}"#),
            file: "e.json", path: "$.endpoints[0].query[0]", containing: "query parameter 'code' is secret"
        )
    }

    @Test func endpointsCannotBeUsedAsTypes() {
        expectDiagnostic(
            endpoint(#""name":"get","method":"GET","path":"/v1/r","response":{"shape":"bare","type":"GetRequest"}"#),
            file: "e.json", path: "$.endpoints[0].response", containing: "type 'GetRequest' is an endpoint"
        )
    }

    @Test func theRealSchemaIsValid() throws {
        let (schema, parseDiagnostics) = try SchemaParser().parse(directory: Paths.realSchema)
        #expect(parseDiagnostics.isEmpty)
        let (resolved, resolveDiagnostics) = SchemaResolver().resolve(schema)
        #expect(resolveDiagnostics.isEmpty)
        #expect(SchemaValidator().validate(resolved).isEmpty)
    }
}
