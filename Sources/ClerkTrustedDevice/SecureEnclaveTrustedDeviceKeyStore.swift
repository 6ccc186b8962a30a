#if canImport(Security) && canImport(LocalAuthentication) && (os(iOS) || os(macOS))
    import Clerk
    import Foundation
    import LocalAuthentication
    import Security

    /// Trusted-device keys in the Secure Enclave, usable only after biometrics (`.biometryCurrentSet`: adding or
    /// removing a fingerprint or face invalidates them), and the credential as a keychain item of this device only.
    /// Compiled on Apple platforms only; this repository's CI (Linux) does not build it.
    public struct SecureEnclaveTrustedDeviceKeyStore: TrustedDeviceKeyStore {
        /// Keys and the credential are kept under this prefix (one credential per service).
        public let service: String

        /// A store whose keychain items are named after `service` (the bundle identifier by default).
        public init(service: String = Bundle.main.bundleIdentifier ?? "clerk") {
            self.service = service
        }

        public func createKey() async throws(ClerkError) -> TrustedDeviceKey {
            let keyID = "tdk_" + UUID().uuidString.lowercased()
            var failure: Unmanaged<CFError>?
            guard
                let access = SecAccessControlCreateWithFlags(
                    nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.privateKeyUsage, .biometryCurrentSet], &failure)
            else { throw Self.failed("the key's access control could not be made") }
            let attributes: [String: Any] = [
                kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits as String: 256,
                kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                kSecPrivateKeyAttrs as String: [
                    kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: tag(keyID), kSecAttrAccessControl as String: access,
                ],
            ]
            guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &failure), let publicKey = SecKeyCopyPublicKey(key),
                let point = SecKeyCopyExternalRepresentation(publicKey, &failure) as Data?
            else { throw Self.failed("the Secure Enclave made no key (biometrics set up?)") }
            return TrustedDeviceKey(keyID: keyID, publicKeyJWK: try TrustedDeviceStrategy.publicKeyJWK(x963: Array(point)))
        }

        public func sign(_ clientData: String, keyID: String, reason: String) async throws(ClerkError) -> String {
            let context = LAContext()
            context.localizedReason = reason
            let query: [String: Any] = [
                kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: tag(keyID), kSecReturnRef as String: true,
                kSecUseAuthenticationContext as String: context,
            ]
            var item: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &item)
            if status == errSecUserCanceled { throw .cancelled }
            guard status == errSecSuccess, let item, CFGetTypeID(item) == SecKeyGetTypeID() else { throw Self.failed("the key is gone") }
            var failure: Unmanaged<CFError>?
            guard
                let der = SecKeyCreateSignature(
                    item as! SecKey, .ecdsaSignatureMessageX962SHA256, Data(clientData.utf8) as CFData, &failure) as Data?
            else { throw Self.failed("the key did not sign") }
            return TrustedDeviceStrategy.base64URL(try Self.raw(der: Array(der)))
        }

        public func deleteKey(_ keyID: String) async throws(ClerkError) {
            SecItemDelete([kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: tag(keyID)] as CFDictionary)
        }

        public func credential() async throws(ClerkError) -> TrustedDeviceCredential? {
            var query = credentialQuery
            query[kSecReturnData as String] = true
            var item: CFTypeRef?
            guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess, let data = item as? Data else { return nil }
            return try? JSONDecoder().decode(TrustedDeviceCredential.self, from: data)
        }

        public func keep(_ credential: TrustedDeviceCredential?) async throws(ClerkError) {
            SecItemDelete(credentialQuery as CFDictionary)
            guard let credential, let data = try? JSONEncoder().encode(credential) else { return }
            var item = credentialQuery
            item[kSecValueData as String] = data
            item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
            guard SecItemAdd(item as CFDictionary, nil) == errSecSuccess else { throw Self.failed("the credential could not be kept") }
        }

        private var credentialQuery: [String: Any] {
            [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service + ".trusted-device", kSecAttrAccount as String: "credential"]
        }

        private func tag(_ keyID: String) -> Data { Data("\(service).trusted-device.\(keyID)".utf8) }

        private static func failed(_ reason: String) -> ClerkError {
            .invalidInput(InvalidInput(field: "trusted_device", reason: reason))
        }

        /// The raw `r || s` (32 bytes each) of a DER `SEQUENCE { INTEGER r, INTEGER s }` (short lengths only: P-256's).
        static func raw(der: [UInt8]) throws(ClerkError) -> [UInt8] {
            guard der.count >= 8, der[0] == 0x30, Int(der[1]) == der.count - 2 else { throw failed("the signature is not DER") }
            var offset = 2
            var raw: [UInt8] = []
            for _ in 0..<2 {
                guard offset + 2 <= der.count, der[offset] == 0x02 else { throw failed("the signature is not DER") }
                let length = Int(der[offset + 1])
                guard offset + 2 + length <= der.count else { throw failed("the signature is not DER") }
                let integer = der[(offset + 2)..<(offset + 2 + length)].drop { $0 == 0 }
                guard integer.count <= 32 else { throw failed("the signature is not P-256") }
                raw += [UInt8](repeating: 0, count: 32 - integer.count) + integer
                offset += 2 + length
            }
            return raw
        }
    }
#endif
