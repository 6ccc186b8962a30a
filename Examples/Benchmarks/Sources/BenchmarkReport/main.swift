// Prints the results table of one run of scripts/benchmarks.
// Usage: BenchmarkReport RESULTS_DIR
import Foundation

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: BenchmarkReport RESULTS_DIR\n".utf8))
    exit(64)
}
let measurements = try Measurements(directory: URL(fileURLWithPath: CommandLine.arguments[1]))
var table = Table()
table.addDecoding(measurements)
table.addSessionTokens(measurements)
table.addFormEncoding(measurements)
table.addPeerGeneration(measurements)
table.addGeneratorScaling(measurements)
table.addRoundTrips(measurements)
table.addFirstSessionToken(measurements)
table.addConsumerBuild(measurements)
table.addServer(measurements)
table.addPersistence(measurements)
table.addGrowth(measurements)
table.addSDKOverhead(measurements)
print(table.markdown)
