import Foundation

/// Runs the generator as the command line asks; returns the process exit code.
public enum GeneratorCommand {
    public static func run(
        arguments: [String],
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        output: (String) -> Void = { print($0) },
        errorOutput: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) -> Int32 {
        let options: GeneratorOptions
        do {
            options = try GeneratorOptions(arguments: arguments)
        } catch {
            errorOutput("error: \(error)\n\n\(GeneratorOptions.usage)")
            return 64
        }
        if options.showHelp {
            output(GeneratorOptions.usage)
            return 0
        }
        let schemaURL = resolve(options.schemaPath, against: currentDirectory)
        let outputDirectory = OutputDirectory(url: resolve(options.outputPath, against: currentDirectory))
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let files = try Generation.generate(
                schemaDirectory: schemaURL,
                imports: options.imports.isEmpty ? ["ClerkWire"] : options.imports
            )
            if options.check {
                let differences = try outputDirectory.differences(from: files)
                guard differences.isEmpty else {
                    errorOutput("The generated code in \(options.outputPath) is stale; run `swift run Generator`:")
                    differences.lines.forEach { errorOutput("  " + $0) }
                    return 1
                }
                if !options.quiet { output("Generated code in \(options.outputPath) is up to date (\(files.count) files).") }
                return 0
            }
            let written = try outputDirectory.write(files)
            if !options.quiet {
                let elapsed = clock.now - start
                output(
                    "Generated \(files.count) files in \(options.outputPath) from \(options.schemaPath) in \(elapsed.formatted(.units(allowed: [.milliseconds])))"
                        + " (\(written.changed.count + written.missing.count) written, \(written.extra.count) removed)."
                )
            }
            return 0
        } catch {
            errorOutput("error: \(error)")
            return 1
        }
    }

    private static func resolve(_ path: String, against directory: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
    }
}
