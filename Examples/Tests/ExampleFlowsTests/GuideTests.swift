import ExampleFlows
import Foundation
import Testing

/// The guides the flows name are Clerk's, by the slugs of Clerk's list of custom-flow guides (a reference file
/// beside Clerk's spec, which `scripts/test` names in `CLERK_FAPI_SPEC`; without it these tests are skipped).
@Suite("Clerk's custom-flow guides")
struct GuideTests {
    /// `(section, slug)` for each line of the reference list: sections are its `# …` headings.
    static let referenceGuides: [(section: String, slug: String)]? = {
        guard let spec = ProcessInfo.processInfo.environment["CLERK_FAPI_SPEC"] else { return nil }
        let url = URL(fileURLWithPath: spec).deletingLastPathComponent().appendingPathComponent("clerk-custom-flow-guides.txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        var section = ""
        var guides: [(String, String)] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# ") {
                section = String(line.dropFirst(2))
            } else if let slug = line.split(separator: " ").first {
                guides.append((section, String(slug)))
            }
        }
        return guides
    }()

    @Test(
        "Guide lists every guide of Clerk's list, in its section, and nothing else",
        .enabled(if: referenceGuides != nil, "needs clerk-custom-flow-guides.txt beside Clerk's spec (CLERK_FAPI_SPEC)"))
    func everyGuideListed() throws {
        let reference = try #require(Self.referenceGuides)
        let sectionNames: [String: Guide.Section] = [
            "authentication": .authentication, "account updates": .accountUpdates, "organizations": .organizations,
        ]
        #expect(Set(Guide.allCases.map(\.rawValue)) == Set(reference.map(\.slug)))
        for (section, slug) in reference {
            let guide = try #require(Guide(rawValue: slug), "\(slug) is a Guide")
            #expect(sectionNames[section] == guide.section, "\(slug) is under \(section)")
        }
    }

    @Test("a guide's address is its section's and its slug's")
    func addresses() {
        #expect(
            Guide.manageMFA.url.absoluteString == "https://clerk.com/docs/guides/development/custom-flows/account-updates/manage-mfa")
        #expect(
            Guide.createOrganizations.url.absoluteString
                == "https://clerk.com/docs/guides/development/custom-flows/organizations/create-organizations")
        #expect(Guide.deviceTrust.url.absoluteString == "https://clerk.com/docs/guides/development/custom-flows/authentication/device-trust")
    }
}
