import Foundation

/// A user export of version 1 (before organizations), as the format document's example has it: later
/// versions of the server must keep importing it.
enum UserExportVersion1Fixture {
    static let json = #"""
        {
          "exported_at" : 1800000000123,
          "format" : "clerk-local-users",
          "users" : [
            {
              "backup_codes" : {
                "digests" : [
                  "yW5Z9b0cJf4rS1u7Xb0e3hN6pQ2tV8wZ1aC4dF7gH0k="
                ],
                "hash" : "sha256",
                "salt" : "q3J2a5Zc8Vb1Xn4Mt7Lp0w=="
              },
              "created_at" : 1800000000123,
              "email_addresses" : [
                {
                  "awaiting_verification" : false,
                  "created_at" : 1800000000123,
                  "email_address" : "ada@example.com",
                  "id" : "idn_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Jc",
                  "verified" : true
                }
              ],
              "first_name" : "Ada",
              "id" : "user_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Jb",
              "mfa_enabled_at" : 1800000000123,
              "password" : {
                "digest" : "$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",
                "hasher" : "bcrypt",
                "updated_at" : 1800000000123
              },
              "password_compromised" : false,
              "phone_numbers" : [
                {
                  "awaiting_verification" : false,
                  "created_at" : 1800000000123,
                  "default_second_factor" : false,
                  "id" : "idn_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Jd",
                  "phone_number" : "+14155552671",
                  "reserved_for_second_factor" : true,
                  "verified" : true
                }
              ],
              "totp" : {
                "last_used_step" : 60000000,
                "secret" : "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
              },
              "unsafe_metadata" : {},
              "updated_at" : 1800000000123,
              "username" : "ada_lovelace"
            }
          ],
          "version" : 1
        }
        """#
}
