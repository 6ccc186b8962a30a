import ClerkLocalServer
import ExampleFlows
import Foundation
import Testing

/// The lists in the README, the DocC articles and DESIGN.md that the code can outgrow, against the code: the
/// SDK's products (the root manifest), the example flows and their count (`ExampleFlow.all`) and the presets
/// (`SettingsPreset.allCases`). A product, flow or preset added without its line fails here.
@Suite("The documentation's lists match the code")
struct DocumentedListsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The library products an app may depend on: the root manifest's `strategies` and its other
    /// libraries, but the generator's model, which no app needs.
    static func products() throws -> [String] {
        let manifest = try text("Package.swift")
        let strategiesStart = try #require(manifest.range(of: "let strategies = ["))
        let strategiesEnd = try #require(manifest[strategiesStart.upperBound...].range(of: "]"))
        let strategies = manifest[strategiesStart.upperBound..<strategiesEnd.lowerBound].matches(of: /"(\w+)"/).map { String($0.1) }
        let libraries = manifest.matches(of: /\.library\(name: "(\w+)"/).map { String($0.1) }
        #expect(strategies.count >= 12 && libraries.count >= 3, "the manifest was read")
        return (libraries + strategies).filter { $0 != "GeneratorKit" }
    }

    /// The lines of the Markdown table that follows `heading` (up to the first line after it that is not a row).
    static func table(after heading: String, in text: String) throws -> [Substring] {
        let start = try #require(text.range(of: heading), "no \(heading)")
        let lines = text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.hasPrefix("|") })
        return Array(lines[first...].prefix { $0.hasPrefix("|") }.dropFirst(2))
    }

    @Test("the README's product table names every library product, and only those")
    func readmeProducts() throws {
        let rows = try Self.table(after: "Depend on the products you use", in: Self.text("README.md"))
        let named = rows.flatMap { row in row.split(separator: "|").first.map { $0.matches(of: /`(\w+)`/).map { String($0.1) } } ?? [] }
        #expect(named.sorted() == (try Self.products()).sorted())
    }

    @Test("Getting Started, the Clerk catalog and DESIGN.md's layout name every strategy product")
    func otherProductLists() throws {
        let strategies = try Self.products().filter { !["Clerk", "ClerkAPI", "ClerkTesting"].contains($0) }
        for document in ["Sources/Clerk/Clerk.docc/GettingStarted.md", "Sources/Clerk/Clerk.docc/Clerk.md"] {
            let text = try Self.text(document)
            for product in strategies {
                #expect(text.contains("`\(product)`"), "\(document) does not name \(product)")
            }
        }
        let design = try Self.text("DESIGN.md")
        let braces = try #require(design.firstMatch(of: /`Sources\/Clerk\{([A-Za-z,]+)\}\/`/)).1
        #expect(Set(braces.split(separator: ",").map { "Clerk" + $0 }) == Set(strategies))
    }

    @Test("the README's and the example-flows article's tables list every flow, in order")
    func flowTables() throws {
        let expected = ExampleFlow.all.map(\.name)
        #expect(ExampleFlow.all.map(\.number) == Array(1...ExampleFlow.all.count))
        for (document, heading) in [("README.md", "## The example flows"), ("Sources/Clerk/Clerk.docc/ExampleFlows.md", "## Overview")] {
            let rows = try Self.table(after: heading, in: Self.text(document))
            let names = rows.flatMap { row in row.split(separator: "|").dropFirst().first.map { $0.matches(of: /`([a-z-]+)`/).map { String($0.1) } } ?? [] }
            #expect(names == expected, "\(document)")
        }
    }

    @Test("every count of the flows in the docs and the command's help is the number of flows")
    func flowCounts() throws {
        let documents = [
            "README.md", "DESIGN.md", "Examples/README.md", "Sources/Clerk/Clerk.docc/LocalServer.md", "Sources/Clerk/Clerk.docc/ExampleFlows.md",
            "Examples/Package.swift",
        ]
        var found = 0
        for document in documents {
            let text = try Self.text(document).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for match in text.matches(of: /(?:runs|all|the|of the) (\d+) (?:example )?flows/) where match.0 != "the 13 flows" {
                found += 1
                #expect(Int(match.1) == ExampleFlow.all.count, "\(document): \"\(match.0)\"")
            }
        }
        #expect(found >= 4, "the counts were found")
    }

    @Test("the local server article lists every preset")
    func presets() throws {
        let text = try Self.text("Sources/Clerk/Clerk.docc/LocalServer.md")
        for preset in SettingsPreset.allCases {
            #expect(text.contains("`\(preset.rawValue)`"), "LocalServer.md does not name the preset \(preset.rawValue)")
        }
    }

    /// What the README's "Covered" sentence says of each strategy product. A product missing here fails
    /// the test, so a new strategy comes with its line in the README.
    static let coveredPhrases: [String: String] = [
        "ClerkPassword": "a password", "ClerkEmailCode": "an email code", "ClerkPhoneCode": "an SMS code",
        "ClerkTOTP": "authenticator app", "ClerkBackupCode": "backup codes", "ClerkClientTrust": "Client Trust",
        "ClerkTransfer": "signUpIfMissing", "ClerkEmailLink": "email links", "ClerkTicket": "sign-in tokens and invitations",
        "ClerkIDToken": "by identity token", "ClerkOAuth": "OAuth through the browser", "ClerkPasskey": "passkeys",
        "ClerkOrganizations": "organizations", "ClerkTrustedDevice": "biometric sign-in",
    ]

    @Test("the README says every strategy is covered, and lists none of them as not covered")
    func coverage() throws {
        let text = try Self.text("README.md").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let covered = try #require(text.firstMatch(of: /\*\*Covered\*\*(.*?)\*\*Not covered\*\*:([^.]*)\./))
        let strategies = try Self.products().filter { !["Clerk", "ClerkAPI", "ClerkTesting"].contains($0) }
        for product in strategies {
            let phrase = try #require(Self.coveredPhrases[product], "no covered phrase for \(product): add one here and to the README")
            #expect(covered.1.contains(phrase), "the README's Covered sentence does not say \(phrase) (\(product))")
            #expect(!covered.2.localizedCaseInsensitiveContains(phrase), "the README lists \(phrase) as not covered")
        }
        for word in ["OAuth", "passkey", "invitation", "identity token", "re-verification"] {
            #expect(!covered.2.localizedCaseInsensitiveContains(word), "the README lists \(word) as not covered")
        }
    }

    /// What the README says of each of Clerk's custom-flow guides: in the "Covered" sentence when a flow follows
    /// the guide, in the "Not covered" one otherwise. A guide missing here fails the test.
    static let guidePhrases: [Guide: String] = [
        .signInOrUp: "sign-in-or-up", .emailPassword: "with a password", .emailOrPhoneCode: "an email code",
        .multiFactor: "multi-factor authentication", .deviceTrust: "Client Trust", .forgotPassword: "password reset",
        .emailLinks: "email links", .embeddedEmailLinks: "sign-in tokens", .applicationInvitations: "invitations (tickets)",
        .oauthConnections: "OAuth through the browser", .enterpriseConnections: "enterprise SSO", .googleOneTap: "Google One Tap",
        .passkeys: "passkeys", .biometricSignIn: "trusted devices", .botSignUpProtection: "bot sign-up protection",
        .legalAcceptance: "legal acceptance", .lastAuthenticationStrategy: "last authentication strategy",
        .multiSessionApplications: "several accounts", .sessionTasks: "session tasks", .signOut: "sign-out", .waitlist: "waitlist",
        .addEmail: "adding an email address", .addPhone: "a phone number", .manageMFA: "managing it on the account",
        .manageSSOConnections: "SSO connections", .updatePassword: "a password change", .userImpersonation: "user impersonation",
        .organizationSwitcher: "switch", .createOrganizations: "organizations: create", .updateOrganizations: "update with a logo",
        .manageRoles: "roles", .manageOrganizationInvitations: "invitations sent", .manageUserOrganizationInvitations: "and received",
        .manageMembershipRequests: "membership requests", .acceptOrganizationInvitations: "accepted from their link",
    ]

    @Test("the README's Covered and Not covered sentences name exactly the guides the flows follow, and the others")
    func guideCoverage() throws {
        let text = try Self.text("README.md").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let sentences = try #require(text.firstMatch(of: /\*\*Covered\*\*(.*?)\*\*Not covered\*\*:([^.]*)\./))
        let followed = Set(ExampleFlow.all.map(\.guide))
        for guide in Guide.allCases {
            let phrase = try #require(Self.guidePhrases[guide], "no phrase for the guide \(guide.rawValue): add one here and to the README")
            if followed.contains(guide) {
                #expect(sentences.1.contains(phrase), "a flow follows \(guide.rawValue), but the Covered sentence does not say \(phrase)")
            } else {
                #expect(sentences.2.contains(phrase), "no flow follows \(guide.rawValue), but the Not covered sentence does not say \(phrase)")
                #expect(!sentences.1.contains(phrase), "no flow follows \(guide.rawValue), but the Covered sentence says \(phrase)")
            }
        }
    }
}
