/// A lookup of a table's records by keys derived from each record (a token's digest, an email
/// address), kept current as records change, so that a request finds a record without scanning
/// the table. A key may lead to several records; the caller checks each one it gets.
package struct TableLookup<Record: Sendable>: Sendable {
    /// The keys a record is found by.
    private let keys: @Sendable (Record) -> [String]
    private var idsByKey: [String: Set<String>] = [:]

    package init(keys: @escaping @Sendable (Record) -> [String]) {
        self.keys = keys
    }

    package func ids(for key: String) -> Set<String> {
        idsByKey[key] ?? []
    }

    /// Moves the record `id` from the keys of `old` to those of `new`.
    mutating func replace(_ id: String, old: Record?, new: Record?) {
        let oldKeys = old.map(keys) ?? []
        let newKeys = new.map(keys) ?? []
        // Most writes (a sign-in's timestamps, a session's activity) leave the keys as they were.
        guard oldKeys != newKeys else { return }
        for key in oldKeys where !newKeys.contains(key) {
            idsByKey[key]?.remove(id)
            if idsByKey[key]?.isEmpty == true { idsByKey[key] = nil }
        }
        for key in newKeys { idsByKey[key, default: []].insert(id) }
    }

    mutating func rebuild(from rows: [String: Record]) {
        idsByKey = [:]
        for (id, record) in rows { replace(id, old: nil, new: record) }
    }
}

/// The keys records are looked up by.
package enum LookupKey {
    /// A token's digest.
    package static func digest(_ digest: [UInt8]) -> String {
        hex(digest, prefix: "digest:")
    }

    /// A passkey's credential id.
    package static func passkeyCredential(_ credentialID: [UInt8]) -> String {
        hex(credentialID, prefix: "passkey:")
    }

    /// An email address's or phone number's id.
    package static func identification(_ id: String) -> String {
        "identification:" + id
    }

    private static func hex(_ bytes: [UInt8], prefix: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = Array(prefix.utf8)
        text.reserveCapacity(text.count + bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    package static func user(_ id: String) -> String {
        "user:" + id
    }

    package static func email(_ address: String) -> String {
        "email:" + address
    }

    package static func signInToken(_ id: String) -> String {
        "sign_in_token:" + id
    }

    package static func actorToken(_ id: String) -> String {
        "actor_token:" + id
    }

    package static func externalAccount(_ provider: IdentityTokenProvider, subject: String) -> String {
        "external_account:" + provider.rawValue + ":" + subject
    }

    package static func enterpriseAccount(_ connectionID: String, subject: String) -> String {
        "enterprise_account:" + connectionID + ":" + subject
    }
}
