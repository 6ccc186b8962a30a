import ClerkLocalCore
import Foundation
import Hummingbird

/// Reads a file part of a `multipart/form-data` body (RFC 7578), as Clerk's image uploads take it.
package enum MultipartReading {
    /// The part `name` of the request's body, read up to `limit` bytes. Refused with 415 when the
    /// body is not multipart, 413 past the limit, `request_body_invalid` when it is malformed and
    /// `form_param_missing` (Clerk's `RequestWithoutImage`, 400) when it has no such part.
    package static func file(
        named name: String, _ request: Request, _ context: LocalRequestContext, limit: Int
    ) async throws(FrontendError) -> ImageUpload {
        try file(named: name, in: try await parts(request, context, limit: limit))
    }

    /// The file part `name` among `parts`, refused as `file(named:_:_:limit:)` says when absent.
    static func file(named name: String, in parts: [Part]) throws(FrontendError) -> ImageUpload {
        guard let part = parts.first(where: { $0.name == name }) else {
            throw FrontendError(.formParamMissing, variant: "RequestWithoutImage", paramName: name)
        }
        return ImageUpload(name: part.filename ?? name, contentType: part.contentType ?? "", data: part.data)
    }

    /// Every part of the request's `multipart/form-data` body, read up to `limit` bytes.
    static func parts(_ request: Request, _ context: LocalRequestContext, limit: Int) async throws(FrontendError) -> [Part] {
        let header = request.headers[.contentType] ?? ""
        guard let boundary = boundary(in: header) else {
            throw FrontendError(
                .unsupportedContentType,
                longMessage: "Content-Type \(header.isEmpty ? "(none)" : header) is unsupported. You should use multipart/form-data instead.")
        }
        let buffer = try await RequestReading.body(request, context, limit: limit)
        return try Self.parts(of: Data(buffer.readableBytesView), boundary: boundary)
    }

    struct Part {
        var name: String?
        var filename: String?
        var contentType: String?
        var data: Data
    }

    /// The `boundary` parameter of a `multipart/form-data` media type, nil for any other type.
    static func boundary(in contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.isEmpty || value.count > 70 ? nil : value
        }
        return nil
    }

    /// The parts between the boundary lines; anything not shaped as RFC 7578 says is refused.
    static func parts(of body: Data, boundary: String) throws(FrontendError) -> [Part] {
        let malformed = FrontendError.invalidBody("The multipart/form-data body is malformed.")
        let delimiter = Data("--\(boundary)".utf8)
        let separator = Data("\r\n--\(boundary)".utf8)
        guard let first = body.range(of: delimiter), body[body.startIndex..<first.lowerBound].allSatisfy({ $0 == 0x0D || $0 == 0x0A }) else {
            throw malformed
        }
        var parts: [Part] = []
        var cursor = first.upperBound
        while true {
            // After a delimiter: "--" closes the body, CRLF opens a part.
            if body[cursor...].starts(with: Data("--".utf8)) { return parts }
            guard body[cursor...].starts(with: Data("\r\n".utf8)) else { throw malformed }
            let start = cursor + 2
            guard let headersEnd = body.range(of: Data("\r\n\r\n".utf8), in: start..<body.endIndex),
                let next = body.range(of: separator, in: headersEnd.upperBound..<body.endIndex)
            else { throw malformed }
            var part = Part(data: body.subdata(in: headersEnd.upperBound..<next.lowerBound))
            let headers = String(decoding: body[start..<headersEnd.lowerBound], as: UTF8.self)
            for line in headers.components(separatedBy: "\r\n") {
                let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { throw malformed }
                switch pair[0].lowercased() {
                case "content-disposition":
                    part.name = parameter("name", in: pair[1])
                    part.filename = parameter("filename", in: pair[1])
                case "content-type": part.contentType = pair[1]
                default: continue
                }
            }
            parts.append(part)
            cursor = next.upperBound
        }
    }

    /// A quoted parameter of a `Content-Disposition` value (`form-data; name="file"; filename="a.png"`).
    static func parameter(_ name: String, in value: String) -> String? {
        for piece in value.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let pair = piece.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].lowercased() == name else { continue }
            return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }
}
