import ClerkLocalCore
import NIOCore

/// Whether a host name from `Host`, `Origin` or `--host` means this machine's loopback: only an IP
/// literal that parses as an address in 127.0.0.0/8 or ::1 (or an IPv4-mapped 127.x), and the
/// literal name `localhost`. Any other name is looked up in DNS, where its owner decides where it
/// points (`127.0.0.1.attacker.example`, a rebinding name), so it never counts.
package enum LoopbackAddress {
    package static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" { return true }
        // inet_pton takes dotted-decimal IPv4 with four parts only (no octal, hex or single-number
        // spellings, no trailing dot); a zone index would make NIO fall back to getaddrinfo.
        guard !host.contains("%"), let address = try? SocketAddress(ipAddress: host, port: 0) else { return false }
        switch address {
        case .v4(let v4):
            return UInt32(bigEndian: v4.address.sin_addr.s_addr) >> 24 == 127
        case .v6(let v6):
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            let isLoopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
            let isMappedLoopback = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff && bytes[12] == 127
            return isLoopback || isMappedLoopback
        case .unixDomainSocket:
            return false
        }
    }
}
