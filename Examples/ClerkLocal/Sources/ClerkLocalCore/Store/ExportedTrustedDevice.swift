import Crypto
import Foundation

/// An enrolled or removed trusted device of a user (`trusted_devices[]`, version 4): its public key and what a
/// sign-in with it checks, so that the same device key signs in on the importing instance. Nothing secret is in
/// it: a device still waiting for its enrolment signature (its challenge in flight) is not exported.
package struct ExportedTrustedDevice: Encodable, Sendable, Hashable {
    package var id: String
    package var userID: String
    /// `ios` or `android`.
    package var platform: String
    package var appIdentifier: String
    package var name: String?
    package var publicKeyJWK: ExportedDeviceKey
    /// `active`, or `revoked` (kept so that a removed device stays refused as removed, not unknown).
    package var status: String
    package var lastUsedAt: Int64?
    package var revokedAt: Int64?
    package var createdAt: Int64
    package var updatedAt: Int64

    package static let statuses: Set<String> = [TrustedDeviceRecord.Status.active.rawValue, TrustedDeviceRecord.Status.revoked.rawValue]

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case userID = "user_id"
        case platform
        case appIdentifier = "app_identifier"
        case name
        case publicKeyJWK = "public_key_jwk"
        case status
        case lastUsedAt = "last_used_at"
        case revokedAt = "revoked_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// A P-256 public key as a JWK (`kty` EC, `crv` P-256, `x` and `y` as unpadded base64url of 32 bytes).
package struct ExportedDeviceKey: Encodable, Sendable, Hashable {
    package var kty: String
    package var crv: String
    package var x: String
    package var y: String

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case kty, crv, x, y
    }

    /// The JWK of an uncompressed point (`04 || x || y`).
    init(point: [UInt8]) {
        kty = "EC"
        crv = "P-256"
        x = Base64URL.encode(point.dropFirst().prefix(32))
        y = Base64URL.encode(point.dropFirst(33).prefix(32))
    }

    /// The uncompressed point, or nil when this is not a P-256 key written as the export writes it.
    var point: [UInt8]? {
        guard kty == "EC", crv == "P-256", let x = ExportedPasskey.bytes(x), let y = ExportedPasskey.bytes(y), x.count == 32, y.count == 32
        else { return nil }
        let point = [0x04] + x + y
        return (try? P256.Signing.PublicKey(x963Representation: point)) == nil ? nil : point
    }
}

extension ExportedTrustedDevice {
    /// The device as exported; nil for one whose enrolment never completed (not exported).
    init?(_ device: TrustedDeviceRecord) {
        guard device.status != .pending else { return nil }
        id = device.id
        userID = device.userID
        platform = device.platform
        appIdentifier = device.appIdentifier
        name = device.name
        publicKeyJWK = ExportedDeviceKey(point: device.publicKey)
        status = device.status.rawValue
        lastUsedAt = device.lastUsedAt.map(ExportTime.milliseconds)
        revokedAt = device.revokedAt.map(ExportTime.milliseconds)
        createdAt = ExportTime.milliseconds(device.createdAt)
        updatedAt = ExportTime.milliseconds(device.updatedAt)
    }

    /// The device to store, once its values read: the id, a platform and app the Frontend API enrols, a name
    /// of at most 100 characters, a P-256 key, a status and the times. Whose it is is the caller's check.
    func record(_ check: FieldCheck) throws(UserImportError) -> TrustedDeviceRecord {
        try check.id(id, prefix: "td", field: "id")
        guard TrustedDeviceRules.platforms.contains(platform) else { throw check.failure("platform", .unknownPlatform) }
        guard Self.isText(appIdentifier, maxLength: 255) else { throw check.failure("app_identifier", .invalidText(maxLength: 255)) }
        if let name, !Self.isText(name, maxLength: 100) { throw check.failure("name", .invalidText(maxLength: 100)) }
        guard let point = publicKeyJWK.point else { throw check.failure("public_key_jwk", .invalidDeviceKey) }
        guard let status = TrustedDeviceRecord.Status(rawValue: status), Self.statuses.contains(status.rawValue) else {
            throw check.failure("status", .unknownStatus(Self.statuses.sorted()))
        }
        return TrustedDeviceRecord(
            id: id, userID: userID, platform: platform, appIdentifier: appIdentifier, name: name, publicKey: point, status: status,
            createdAt: try check.time(createdAt, field: "created_at"),
            updatedAt: try check.time(updatedAt, field: "updated_at"), lastUsedAt: try check.timeIfSet(lastUsedAt, field: "last_used_at"),
            revokedAt: try check.timeIfSet(revokedAt, field: "revoked_at"))
    }

    /// 1 to `maxLength` characters, trimmed, without control characters.
    static func isText(_ text: String, maxLength: Int) -> Bool {
        !text.isEmpty && text.count <= maxLength && text.trimmingWhitespace() == text
            && !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    }
}

extension ExportedTrustedDevice: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        userID = try container.decode(String.self, forKey: .userID)
        platform = try container.decode(String.self, forKey: .platform)
        appIdentifier = try container.decode(String.self, forKey: .appIdentifier)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        publicKeyJWK = try container.decode(ExportedDeviceKey.self, forKey: .publicKeyJWK)
        status = try container.decode(String.self, forKey: .status)
        lastUsedAt = try container.decodeIfPresent(Int64.self, forKey: .lastUsedAt)
        revokedAt = try container.decodeIfPresent(Int64.self, forKey: .revokedAt)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        updatedAt = try container.decode(Int64.self, forKey: .updatedAt)
    }
}

extension ExportedDeviceKey: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kty = try container.decode(String.self, forKey: .kty)
        crv = try container.decode(String.self, forKey: .crv)
        x = try container.decode(String.self, forKey: .x)
        y = try container.decode(String.self, forKey: .y)
    }
}
