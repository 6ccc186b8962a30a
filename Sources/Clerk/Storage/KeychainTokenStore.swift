#if canImport(Security)
    import Foundation
    import Security

    /// Keeps the client token in the Keychain, as a generic password item readable after the
    /// first unlock and never synchronised to other devices.
    public struct KeychainTokenStore: TokenStore, CustomStringConvertible {
        /// The item's service attribute.
        public let service: String
        /// The item's account attribute.
        public let account: String

        /// A store for the item (`service`, `account`).
        public init(service: String = "com.clerk.client-token", account: String = "default") {
            self.service = service
            self.account = account
        }

        private var query: [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
        }

        /// Reads the stored token.
        public func loadToken() throws(ClerkError) -> String? {
            var search = query
            search[kSecReturnData as String] = true
            search[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(search as CFDictionary, &result)
            switch status {
            case errSecSuccess:
                guard let data = result as? Data else { return nil }
                let token = String(decoding: data, as: UTF8.self)
                return token.isEmpty ? nil : token
            case errSecItemNotFound:
                return nil
            default:
                throw .configuration(.tokenStorage(reason: "Keychain read failed (OSStatus \(status))"))
            }
        }

        /// Stores the token, or removes it when nil.
        public func saveToken(_ token: String?) throws(ClerkError) {
            guard let token, !token.isEmpty else {
                let status = SecItemDelete(query as CFDictionary)
                guard status == errSecSuccess || status == errSecItemNotFound else {
                    throw .configuration(.tokenStorage(reason: "Keychain delete failed (OSStatus \(status))"))
                }
                return
            }
            let data = Data(token.utf8)
            let update: [String: Any] = [
                kSecValueData as String: data,
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            var status = SecItemUpdate(query as CFDictionary, update as CFDictionary)
            if status == errSecItemNotFound {
                var add = query
                add.merge(update) { _, new in new }
                status = SecItemAdd(add as CFDictionary, nil)
            }
            guard status == errSecSuccess else {
                throw .configuration(.tokenStorage(reason: "Keychain write failed (OSStatus \(status))"))
            }
        }

        public var description: String { "KeychainTokenStore(service: \(service), account: \(account))" }
    }
#endif
