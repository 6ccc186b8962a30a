/// Swift names for wire names: `supported_first_factors` → `supportedFirstFactors`,
/// `sign_in_id` → `signInID`, `setup-mfa` → `setupMFA`; keywords are escaped with backticks.
/// The one place naming rules live; only Resolve asks it.
public enum Naming {
    /// The property that keeps a resource's unnamed keys.
    static let additionalProperties = "additionalProperties"
    /// The static member listing an open string type's known values.
    static let knownValues = "knownValues"
    /// The nested form body type of a request, and the property holding it.
    static let requestBodyType = "Body"
    static let requestBodyProperty = "body"
    /// Members every request type declares, which its parameters must not shadow.
    static let requestMembers: Set<String> = [requestBodyProperty, "path", "queryItems"]

    private static let identifierCharacters: Set<Unicode.Scalar> = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_".unicodeScalars
    )

    /// Words written in capitals when they are not the first word of a name.
    private static let acronyms: [String: String] = [
        "id": "ID", "ids": "IDs", "url": "URL", "urls": "URLs", "jwt": "JWT", "api": "API", "mfa": "MFA",
        "sso": "SSO", "saml": "SAML", "otp": "OTP", "sms": "SMS", "totp": "TOTP",
    ]

    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol",
    ]

    /// The lowerCamelCase name of a wire name, or nil when it would not be a Swift identifier.
    public static func lowerCamel(_ wireName: String) -> String? {
        let words = wireName.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "." || $0 == " " })
        guard let first = words.first else { return nil }
        let rest = words.dropFirst().map { word -> String in
            let lower = word.lowercased()
            return acronyms[lower] ?? lower.prefix(1).uppercased() + lower.dropFirst()
        }
        let name = first.lowercased() + rest.joined()
        return isIdentifier(name) ? name : nil
    }

    /// The UpperCamelCase form of a lowerCamel or snake name.
    public static func upperCamel(_ name: String) -> String? {
        let camel = name.contains(where: { $0 == "_" || $0 == "-" }) ? lowerCamel(name) : name
        guard let camel, let first = camel.first else { return nil }
        let upper = first.uppercased() + camel.dropFirst()
        return isIdentifier(upper) ? upper : nil
    }

    public static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy(identifierCharacters.contains)
    }

    /// An UpperCamelCase identifier, as declared type names must be.
    static func isTypeName(_ name: String) -> Bool {
        isIdentifier(name) && name.first?.isUppercase == true
    }

    /// A name with its source spelling.
    static func identifier(_ name: String) -> SwiftIdentifier {
        SwiftIdentifier(name: name, source: escaped(name))
    }

    /// The request type of an endpoint: `createSignIn` → `CreateSignInRequest`.
    static func requestTypeName(endpoint name: String) -> String? {
        upperCamel(name).map { $0 + "Request" }
    }

    /// The name as it may stand in Swift source: keywords in backticks.
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The generated file name of a schema document: `sign_in.json` → `SignIn.swift`.
    public static func outputFileName(forSchemaFile file: String) -> String? {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.hasSuffix(".json") ? String(base.dropLast(5)) : base
        return upperCamel(stem.lowercased()).map { $0 + ".swift" }
    }
}
