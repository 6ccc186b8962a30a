import Foundation
import Testing

@testable import SchemaDriftKit

/// A whole run as the command line makes it: files read, report printed, exit status from `--fail-on`.
@Suite(.enabled(if: ReferenceFiles.present, "needs Clerk's Frontend API spec and error catalogue: CLERK_FAPI_SPEC, or ../shared/reference"))
struct DriftRunTests {
    @Test func theExitStatusFollowsFailOnAndTheCatalogueIsOptional() throws {
        var run = DriftRun(specFile: ReferenceFiles.specURL, errorsFile: nil, schemaDirectory: ReferenceFiles.schemaDirectory)
        let strict = try run.run()
        #expect(strict.exitStatus == 0)
        #expect(strict.output.contains("error codes not compared"))
        run.failOn = .level(.info)
        run.format = .json
        let lenient = try run.run()
        #expect(lenient.exitStatus == 1)
        #expect(lenient.output.hasPrefix("{"))
    }

    @Test func anUnreadableSpecIsATypedFailure() {
        let run = DriftRun(
            specFile: URL(fileURLWithPath: "/nonexistent/fapi.yml"), errorsFile: nil, schemaDirectory: ReferenceFiles.schemaDirectory
        )
        #expect(throws: DriftFailure.unreadableFile("/nonexistent/fapi.yml")) { try run.run() }
    }

    @Test func aSpecThatIsNotOpenAPIIsATypedFailure() {
        #expect(throws: DriftFailure.self) { try SpecDocument(yaml: "openapi: [not, a, document]") }
    }
}
