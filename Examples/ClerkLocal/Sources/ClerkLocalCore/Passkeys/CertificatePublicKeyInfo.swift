/// Finds the SubjectPublicKeyInfo of a DER X.509 certificate (RFC 5280 §4.1) by walking its outer
/// structure only: certificate, tbsCertificate, then past version, serial number, signature algorithm,
/// issuer, validity and subject. Nothing else of the certificate is read or trusted.
package enum CertificatePublicKeyInfo {
    private static let sequenceTag: UInt8 = 0x30
    private static let explicitVersionTag: UInt8 = 0xA0

    package static func extract(from certificate: [UInt8]) throws(PasskeyRefusalReason) -> [UInt8] {
        guard let outer = element(certificate, at: 0), outer.tag == sequenceTag, outer.end == certificate.count,
            let tbs = element(certificate, at: outer.contentStart), tbs.tag == sequenceTag
        else { throw .invalidAttestationStatement("x5c[0] is not a DER certificate") }
        var offset = tbs.contentStart
        var skipped = 0
        while let field = element(certificate, at: offset), field.end <= tbs.end {
            if skipped == 0, field.tag == explicitVersionTag {
                offset = field.end
                continue
            }
            if skipped == 5 {
                guard field.tag == sequenceTag else { break }
                return Array(certificate[field.start..<field.end])
            }
            skipped += 1
            offset = field.end
        }
        throw .invalidAttestationStatement("x5c[0] has no subject public key")
    }

    private struct Element {
        var tag: UInt8
        var start: Int
        var contentStart: Int
        var end: Int
    }

    /// One DER tag-length-value at `start`, if it lies within the bytes (single-byte tags, definite lengths
    /// of at most four bytes).
    private static func element(_ bytes: [UInt8], at start: Int) -> Element? {
        guard start >= 0, start + 2 <= bytes.count else { return nil }
        let tag = bytes[start]
        let first = bytes[start + 1]
        var offset = start + 2
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard (1...4).contains(count), offset + count <= bytes.count else { return nil }
            for byte in bytes[offset..<offset + count] {
                length = length << 8 | Int(byte)
            }
            offset += count
        }
        guard length <= bytes.count - offset else { return nil }
        return Element(tag: tag, start: start, contentStart: offset, end: offset + length)
    }
}
