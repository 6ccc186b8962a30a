import ArgumentParser
import ClerkLocalServer
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `clerk-local export FILE`: the users of a running server, with their secrets, as a file that
/// `clerk-local --import FILE` reads on another instance.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Writes the users of a running clerk-local (or of a data directory no server is using), with their password digests and TOTP secrets, to a file.",
        discussion: """
            The file (format clerk-local-users, version 4) is what 'clerk-local --import FILE' reads: every user signs in \
            there with the same credentials. It is written readable by its owner only; keep it as you would a password file.
            """)

    @Argument(help: ArgumentHelp("The file to write (replaced in one step), or - for standard output.", valueName: "file"))
    var file: String

    @Option(help: "The running server's URL (default http://127.0.0.1:8787).")
    var server: String?

    @Option(help: "Read the users from this data directory instead of a running server; no server may be using it.")
    var dataDir: String?

    @Option(help: "The server's secret key, which it asks for from a caller not on its machine ('Authorization: Bearer KEY').")
    var secretKey: String?

    func validate() throws {
        if dataDir != nil, server != nil { throw ValidationError("give either --server or --data-dir, not both") }
        guard let url = URL(string: serverURL), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { throw ValidationError("--server must be an http or https URL such as http://127.0.0.1:8787") }
    }

    func run() async throws {
        let document = try await exportedDocument()
        try UserFile.write(try document.encoded(), to: file)
        let users = document.userCount
        let destination = file == UserFile.standardOutput ? "standard output" : file
        FileHandle.standardError.write(Data("clerk-local: exported \(users) user\(users == 1 ? "" : "s") to \(destination)\n".utf8))
    }

    /// The users to write, from the server's `GET /__local/admin/export`; read as a user export
    /// before anything is written, so a wrong URL cannot replace the file with something else.
    func exportedDocument() async throws -> UserExportDocument {
        if let dataDir {
            do {
                return try await LocalFrontendAPI.exportUsers(dataDirectory: URL(fileURLWithPath: dataDir))
            } catch let error as LocalServerError where error.code == "data_directory_in_use" {
                throw CommandFailure(error.message + "; export from the running server instead: clerk-local export \(file) --server URL")
            } catch let error as LocalServerError {
                throw CommandFailure(error.message)
            }
        }
        var base = serverURL
        while base.hasSuffix("/") { base.removeLast() }
        var request = URLRequest(url: URL(string: base + "/__local/admin/export")!)
        if let secretKey { request.setValue("Bearer \(secretKey)", forHTTPHeaderField: "Authorization") }
        let answer: (Data, URLResponse)
        do {
            answer = try await URLSession.shared.data(for: request)
        } catch {
            throw CommandFailure("cannot reach clerk-local at \(base): \(error.localizedDescription)")
        }
        let (data, response) = answer
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            throw CommandFailure("\(base) refused the export (HTTP \(status)): \(Self.errorMessage(in: data))")
        }
        do {
            return try UserExportDocument.decode(from: data)
        } catch {
            throw CommandFailure("\(base) did not answer a user export: \(error)")
        }
    }

    private var serverURL: String { server ?? "http://127.0.0.1:8787" }

    /// The `long_message` of Clerk's error envelope, or what the body starts with.
    private static func errorMessage(in data: Data) -> String {
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        let first = (object?["errors"] as? [[String: Any]])?.first
        return first?["long_message"] as? String ?? first?["message"] as? String ?? String(decoding: data.prefix(200), as: UTF8.self)
    }
}
