import ClerkLocalCore
import Foundation
import Hummingbird

/// The file part of a `multipart/form-data` body (RFC 7578), as uploads send an image: the part
/// named `file`, with its own `Content-Type`. Only what an upload needs: no nested parts, no
/// transfer encodings.
struct MultipartFile: Sendable {
    var bytes: [UInt8]
    var contentType: String?

    /// The part named `name` of `body`, nil when there is none.
    /// - Throws: `request_body_invalid` when the body is not multipart as its boundary says.
    static func part(named name: String, of body: [UInt8], contentType: String) throws(FrontendError) -> MultipartFile? {
        guard let boundary = boundary(in: contentType) else { throw .invalidBody("The multipart body has no boundary.") }
        let delimiter = Array("--\(boundary)".utf8)
        let separator = Array("\r\n\r\n".utf8)
        var parts: [ArraySlice<UInt8>] = []
        var cursor = body.startIndex
        guard var start = firstIndex(of: delimiter, in: body, from: cursor) else { throw .invalidBody("The multipart body has no parts.") }
        while true {
            cursor = start + delimiter.count
            if body[cursor...].starts(with: Array("--".utf8)) { break }
            guard let next = firstIndex(of: Array("\r\n".utf8) + delimiter, in: body, from: cursor) else {
                throw .invalidBody("The multipart body does not end with its boundary.")
            }
            parts.append(body[cursor..<next])
            start = next + 2
        }
        for part in parts {
            let bytes = Array(part.drop { $0 == 0x0D || $0 == 0x0A })
            guard let headerEnd = firstIndex(of: separator, in: bytes, from: 0) else { continue }
            let headers = String(decoding: bytes[..<headerEnd], as: UTF8.self).components(separatedBy: "\r\n")
            guard headers.contains(where: { isDisposition($0, naming: name) }) else { continue }
            let type = headers.first { $0.lowercased().hasPrefix("content-type:") }.map {
                String($0.dropFirst("content-type:".count)).trimmingCharacters(in: .whitespaces)
            }
            return MultipartFile(bytes: Array(bytes[(headerEnd + separator.count)...]), contentType: type)
        }
        return nil
    }

    private static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }

    private static func isDisposition(_ header: String, naming name: String) -> Bool {
        let lowered = header.lowercased()
        guard lowered.hasPrefix("content-disposition:") else { return false }
        return header.split(separator: ";").contains {
            $0.trimmingCharacters(in: .whitespaces) == "name=\"\(name)\"" || $0.trimmingCharacters(in: .whitespaces) == "name=\(name)"
        }
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
