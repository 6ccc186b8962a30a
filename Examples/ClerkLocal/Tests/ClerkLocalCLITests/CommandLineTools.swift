import ClerkLocalTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs a command line as printed, through the shell.
enum Shell {
    static func run(_ line: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.launchSerialized()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(line) exited with \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }
}

/// Plain HTTP requests, as curl or a developer's tool would send them.
enum HTTP {
    struct Answer {
        var status: Int
        /// Header fields by lowercased name.
        var headers: [String: String]
        var body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    static func send(
        _ method: String, _ url: String, contentType: String? = nil, body: String? = nil, headers: [String: String] = [:]
    ) async throws -> Answer {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Answer(status: http.statusCode, headers: fields, body: data)
    }
}
