import Foundation
import GeneratorKit
import Testing

/// Small schema fragments in, the exact Swift the generator writes for them out: one case per
/// kind of declaration, beside the golden files of the whole fixture schema.
@Suite("Snippets: schema fragment in, Swift out")
struct SnippetTests {
    /// The Swift of `file` (after its header and imports) generated from the documents.
    private func render(_ documents: [String: String], file: String) throws -> String {
        let files = try Generation.generate(files: documents.map { ($0.key, Data($0.value.utf8)) })
        let contents = try #require(files.first { $0.name == file }?.contents, "no \(file) among \(files.map(\.name))")
        let imports = "import ClerkWire\n\n"
        let start = try #require(contents.range(of: imports), "no imports in \(file)")
        return String(contents[start.upperBound...])
    }

    /// Compares line by line, so that a failure names the first line that differs.
    private func expectSame(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = (expected + "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (got, want)) in zip(actualLines, expectedLines).enumerated() where got != want {
            Issue.record("line \(index + 1): got '\(got)', expected '\(want)'", sourceLocation: sourceLocation)
            return
        }
        #expect(
            actualLines.count == expectedLines.count, "got \(actualLines.count) lines, expected \(expectedLines.count)",
            sourceLocation: sourceLocation
        )
    }

    /// Required, nullable, optional, secret and const fields: optionality, defaults, coding keys,
    /// encoding and the redacting mirror.
    @Test func resourceWithEveryKindOfField() throws {
        let swift = try render(
            [
                "card.json": #"""
                {
                  "resources": [
                    {
                      "name": "Card",
                      "doc": "A card.",
                      "fields": [
                        {"name": "object", "type": "string", "required": true, "const": "card"},
                        {"name": "card_id", "type": "string", "required": true},
                        {
                          "name": "expires_at",
                          "type": "timestamp",
                          "required": true,
                          "nullable": true
                        },
                        {"name": "labels", "type": "{json}"},
                        {"name": "pin", "type": "string", "secret": true, "doc": "The PIN."}
                      ]
                    }
                  ]
                }
                """#
            ],
            file: "Card.swift"
        )
        expectSame(
            swift,
            #"""
            /// A card.
            public struct Card: Codable, Sendable, Hashable {
                public var object: String
                public var cardID: String
                public var expiresAt: ClerkTimestamp?
                public var labels: [String: JSONValue]?
                /// The PIN.
                ///
                /// A secret: hidden from descriptions and dumps.
                public var pin: String?

                public init(
                    object: String = "card",
                    cardID: String,
                    expiresAt: ClerkTimestamp? = nil,
                    labels: [String: JSONValue]? = nil,
                    pin: String? = nil
                ) {
                    self.object = object
                    self.cardID = cardID
                    self.expiresAt = expiresAt
                    self.labels = labels
                    self.pin = pin
                }

                public init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: WireKey.self)
                    self.object = try container.decode(String.self, forKey: "object")
                    self.cardID = try container.decode(String.self, forKey: "card_id")
                    self.expiresAt = try container.decodeIfPresent(ClerkTimestamp.self, forKey: "expires_at")
                    self.labels = try container.decodeIfPresent([String: JSONValue].self, forKey: "labels")
                    self.pin = try container.decodeIfPresent(String.self, forKey: "pin")
                }

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: WireKey.self)
                    try container.encode(object, forKey: "object")
                    try container.encode(cardID, forKey: "card_id")
                    try container.encodeNullable(expiresAt, forKey: "expires_at")
                    try container.encodeIfPresent(labels, forKey: "labels")
                    try container.encodeIfPresent(pin, forKey: "pin")
                }
            }

            extension Card: CustomReflectable {
                public var customMirror: Mirror {
                    Mirror(
                        self,
                        children: [
                            "object": object as Any,
                            "cardID": cardID as Any,
                            "expiresAt": expiresAt as Any,
                            "labels": labels as Any,
                            "pin": (pin == nil ? "nil" : Redaction.placeholder) as Any,
                        ],
                        displayStyle: .struct
                    )
                }
            }
            """#
        )
    }

    /// An open enumeration: lowerCamelCase members, a keyword in backticks, a swiftName for the
    /// empty value.
    @Test func enumeration() throws {
        let swift = try render(
            [
                "tone.json": #"""
                {
                  "enums": [
                    {
                      "name": "Tone",
                      "doc": "A tone.",
                      "values": [
                        {"value": "light"},
                        {"value": "dark_mode", "doc": "Dark."},
                        {"value": "default"},
                        {"value": "", "swiftName": "none"}
                      ]
                    }
                  ]
                }
                """#
            ],
            file: "Tone.swift"
        )
        expectSame(
            swift,
            #"""
            /// A tone.
            ///
            /// Open: values the schema does not know decode and round-trip.
            public struct Tone: OpenStringValue {
                public let rawValue: String

                public init(rawValue: String) {
                    self.rawValue = rawValue
                }

                /// `light`
                public static var light: Tone { Tone(rawValue: "light") }

                /// Dark.
                public static var darkMode: Tone { Tone(rawValue: "dark_mode") }

                /// `default`
                public static var `default`: Tone { Tone(rawValue: "default") }

                /// ``
                public static var none: Tone { Tone(rawValue: "") }

                public static let knownValues: [Tone] = [
                    .light,
                    .darkMode,
                    .`default`,
                    .none,
                ]
            }
            """#
        )
    }

    /// A path parameter, an optional query parameter and a form body with an enumeration, a secret
    /// and an array of enumerations.
    @Test func endpointWithAPathParameterAQueryAndABody() throws {
        let swift = try render(
            [
                "types.json": #"""
                {
                  "resources": [
                    {
                      "name": "Thing",
                      "fields": [{"name": "id", "type": "string", "required": true}]
                    }
                  ],
                  "enums": [{"name": "Kind", "values": [{"value": "a"}]}],
                  "envelope": {"clientType": "Thing"}
                }
                """#,
                "thing_endpoints.json": #"""
                {
                  "endpoints": [
                    {
                      "name": "updateThing",
                      "method": "PATCH",
                      "path": "/v1/things/{thing_id}",
                      "pathParameters": [{"name": "thing_id", "doc": "The thing."}],
                      "query": [{"name": "dry_run", "type": "boolean"}],
                      "body": [
                        {"name": "kind", "type": "Kind", "required": true},
                        {"name": "code", "type": "string", "secret": true},
                        {"name": "tags", "type": "[Kind]"}
                      ],
                      "response": {"shape": "enveloped", "type": "Thing", "nullable": true}
                    }
                  ]
                }
                """#,
            ],
            file: "ThingEndpoints.swift"
        )
        expectSame(
            swift,
            #"""
            /// updateThing
            ///
            /// `PATCH /v1/things/{thing_id}` (operationId `updateThing`).
            public struct UpdateThingRequest: APIEndpoint, Hashable {
                public typealias Response = ClientEnvelope<Thing?, Thing>

                public static let operationID = "updateThing"
                public static let method = RequestMethod.patch
                public static let pathTemplate = "/v1/things/{thing_id}"
                public static let responseShape = ResponseShape.enveloped
                public static let isSafeToRetry = false

                /// The thing.
                public var thingID: String

                public var dryRun: Bool?

                public var body: Body

                public init(thingID: String, dryRun: Bool? = nil, body: Body) {
                    self.thingID = thingID
                    self.dryRun = dryRun
                    self.body = body
                }

                public var path: String {
                    "/v1/things/" + PathSegment.escape(thingID)
                }

                public var queryItems: [FormField] {
                    var writer = FormWriter()
                    writer.write("dry_run", dryRun)
                    return writer.fields.fields
                }

                /// The form body of `PATCH /v1/things/{thing_id}`.
                public struct Body: FormCodable, Hashable {
                    public var kind: Kind
                    /// A secret: hidden from descriptions and dumps.
                    public var code: String?
                    public var tags: [Kind]?

                    public init(
                        kind: Kind,
                        code: String? = nil,
                        tags: [Kind]? = nil
                    ) {
                        self.kind = kind
                        self.code = code
                        self.tags = tags
                    }

                    public func formFields() -> FormFields {
                        var writer = FormWriter()
                        writer.write("kind", kind.rawValue)
                        writer.write("code", code)
                        writer.write("tags", tags?.map(\.rawValue))
                        return writer.fields
                    }

                    public init(form: FormFields) throws(FormDecodingError) {
                        var reader = FormReader(form)
                        self.kind = Kind(rawValue: try reader.requiredString("kind"))
                        self.code = try reader.string("code")
                        self.tags = try reader.strings("tags")?.map(Kind.init(rawValue:))
                        try reader.finish()
                    }
                }
            }

            extension UpdateThingRequest.Body: CustomReflectable {
                public var customMirror: Mirror {
                    Mirror(
                        self,
                        children: [
                            "kind": kind as Any,
                            "code": (code == nil ? "nil" : Redaction.placeholder) as Any,
                            "tags": tags as Any,
                        ],
                        displayStyle: .struct
                    )
                }
            }
            """#
        )
    }

    /// A GET takes no body: the initializer has no parameters and sets the empty body itself.
    @Test func getEndpointWithoutParameters() throws {
        let swift = try render(
            [
                "types.json": #"""
                {
                  "resources": [
                    {
                      "name": "Thing",
                      "fields": [{"name": "id", "type": "string", "required": true}]
                    }
                  ],
                  "enums": [{"name": "Kind", "values": [{"value": "a"}]}],
                  "envelope": {"clientType": "Thing"}
                }
                """#,
                "thing_endpoints.json": #"""
                {
                  "endpoints": [
                    {
                      "name": "listThings",
                      "method": "GET",
                      "path": "/v1/things",
                      "response": {"shape": "bare", "type": "[Thing]"},
                      "retryable": true
                    }
                  ]
                }
                """#,
            ],
            file: "ThingEndpoints.swift"
        )
        expectSame(
            swift,
            #"""
            /// listThings
            ///
            /// `GET /v1/things` (operationId `listThings`).
            public struct ListThingsRequest: APIEndpoint, Hashable {
                public typealias Response = [Thing]

                public static let operationID = "listThings"
                public static let method = RequestMethod.get
                public static let pathTemplate = "/v1/things"
                public static let responseShape = ResponseShape.bare
                public static let isSafeToRetry = true

                public var body: Body

                public init() {
                    self.body = Body()
                }

                public var path: String {
                    "/v1/things"
                }

                public var queryItems: [FormField] { [] }

                /// This endpoint takes no body parameters.
                public typealias Body = EmptyFormBody
            }
            """#
        )
    }

    /// The error catalogue: a constant per code, documented by its variants, and the variants
    /// switch.
    @Test func errorCatalogue() throws {
        let swift = try render(
            [
                "failures.json": #"""
                {
                  "errorCodes": {
                    "typeName": "Failure",
                    "codes": [
                      {
                        "code": "form_invalid",
                        "doc": "Bad form.",
                        "variants": [
                          {"name": "FormInvalid", "status": 422, "shortMessage": "is invalid"},
                          {"name": "FormGone"}
                        ]
                      },
                      {
                        "code": "too_wordy",
                        "variants": [
                          {
                            "name": "TooWordy",
                            "status": 400,
                            "shortMessage": "This message is long enough that the whole initializer call cannot fit",
                            "longMessage": "And this one is so long that even alone after its label it would pass the line length of the repository's swift-format configuration, so it goes on a line of its own."
                          }
                        ]
                      }
                    ]
                  }
                }
                """#
            ],
            file: "Failures.swift"
        )
        expectSame(
            swift,
            #"""
            /// An error code of the Frontend API (2 known codes).
            ///
            /// Open: codes the catalogue does not know decode and round-trip.
            public struct Failure: OpenStringValue {
                public let rawValue: String

                public init(rawValue: String) {
                    self.rawValue = rawValue
                }

                /// Bad form.
                ///
                /// `FormInvalid` (HTTP 422): is invalid
                ///
                /// `FormGone`
                public static var formInvalid: Failure { Failure(rawValue: "form_invalid") }

                /// `TooWordy` (HTTP 400): This message is long enough that the whole initializer call cannot fit
                public static var tooWordy: Failure { Failure(rawValue: "too_wordy") }

                public static let knownValues: [Failure] = [
                    .formInvalid,
                    .tooWordy,
                ]

                /// The catalogue entries of this code; empty for a code the catalogue does not know.
                public var variants: [ErrorCodeVariant] {
                    switch rawValue {
                    case "form_invalid":
                        return [
                            ErrorCodeVariant(name: "FormInvalid", httpStatus: 422, shortMessage: "is invalid", longMessage: nil),
                            ErrorCodeVariant(name: "FormGone", httpStatus: nil, shortMessage: nil, longMessage: nil),
                        ]
                    case "too_wordy":
                        return [
                            ErrorCodeVariant(
                                name: "TooWordy",
                                httpStatus: 400,
                                shortMessage: "This message is long enough that the whole initializer call cannot fit",
                                longMessage:
                                    "And this one is so long that even alone after its label it would pass the line length of the repository's swift-format configuration, so it goes on a line of its own."
                            )
                        ]
                    default:
                        return []
                    }
                }

                /// The HTTP status of the code's first catalogue entry that gives one.
                public var httpStatus: Int? { variants.lazy.compactMap(\.httpStatus).first }
            }
            """#
        )
    }

    /// A lenient resource: every property optional, yet required keys are still always encoded.
    @Test func lenientResource() throws {
        let swift = try render(
            [
                "settings.json": #"""
                {
                  "resources": [
                    {
                      "name": "Settings",
                      "lenient": true,
                      "fields": [
                        {"name": "theme", "type": "string", "required": true},
                        {
                          "name": "max_size",
                          "type": "integer",
                          "required": true,
                          "nullable": true
                        }
                      ]
                    }
                  ]
                }
                """#
            ],
            file: "Settings.swift"
        )
        expectSame(
            swift,
            #"""
            /// Settings
            ///
            /// Decodes leniently: every field may be absent.
            public struct Settings: Codable, Sendable, Hashable {
                public var theme: String?
                public var maxSize: Int?

                public init(
                    theme: String? = nil,
                    maxSize: Int? = nil
                ) {
                    self.theme = theme
                    self.maxSize = maxSize
                }

                public init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: WireKey.self)
                    self.theme = try container.decodeIfPresent(String.self, forKey: "theme")
                    self.maxSize = try container.decodeIfPresent(Int.self, forKey: "max_size")
                }

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: WireKey.self)
                    try container.encodeNullable(theme, forKey: "theme")
                    try container.encodeNullable(maxSize, forKey: "max_size")
                }
            }
            """#
        )
    }

    /// additionalProperties: one any-key container for decoding, unnamed keys written back.
    @Test func resourceKeepingAdditionalProperties() throws {
        let swift = try render(
            [
                "meta.json": #"""
                {
                  "resources": [
                    {
                      "name": "Meta",
                      "additionalProperties": true,
                      "fields": [{"name": "param_name", "type": "string"}, {"name": "kind", "type": "string", "required": true}]
                    }
                  ]
                }
                """#
            ],
            file: "Meta.swift"
        )
        expectSame(
            swift,
            #"""
            /// Meta
            public struct Meta: Codable, Sendable, Hashable {
                public var paramName: String?
                public var kind: String
                /// Keys the schema does not name, kept so that re-encoding loses nothing.
                public var additionalProperties: [String: JSONValue]

                public init(
                    paramName: String? = nil,
                    kind: String,
                    additionalProperties: [String: JSONValue] = [:]
                ) {
                    self.paramName = paramName
                    self.kind = kind
                    self.additionalProperties = additionalProperties
                }

                private static let namedKeys: Set<String> = ["param_name", "kind"]

                public init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: WireKey.self)
                    self.kind = try container.decode(String.self, forKey: "kind")
                    self.paramName = nil
                    var additional: [String: JSONValue] = [:]
                    for key in container.allKeys {
                        switch key.stringValue {
                        case "param_name":
                            self.paramName = try container.decodeIfPresent(String.self, forKey: key)
                        case "kind":
                            break
                        default:
                            additional[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
                        }
                    }
                    self.additionalProperties = additional
                }

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: WireKey.self)
                    try container.encodeIfPresent(paramName, forKey: "param_name")
                    try container.encode(kind, forKey: "kind")
                    for (key, value) in additionalProperties where !Self.namedKeys.contains(key) {
                        try container.encode(value, forKey: WireKey(stringValue: key))
                    }
                }
            }
            """#
        )
    }
}
