import Foundation

/// A user export of version 3 (organizations with members, a pending invitation, a verified domain and a pending
/// membership request; before trusted devices and the waitlist): later versions of the server must keep importing it.
enum UserExportVersion3Fixture {
    static let json = #"""
        {
          "exported_at" : 1800000000123,
          "format" : "clerk-local-users",
          "organizations" : [
            {
              "admin_delete_enabled" : true,
              "created_at" : 1800000000123,
              "created_by" : "user_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Jb",
              "domains" : [
                {
                  "affiliation_email_address" : "ada@example.com",
                  "created_at" : 1800000000123,
                  "enrollment_mode" : "automatic_suggestion",
                  "id" : "orgdmn_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Jh",
                  "name" : "example.com",
                  "updated_at" : 1800000000123,
                  "verified_at" : 1800000000123
                }
              ],
              "id" : "org_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Je",
              "invitations" : [
                {
                  "created_at" : 1800000000123,
                  "email_address" : "grace@example.org",
                  "expires_at" : 253402300799999,
                  "id" : "orginv_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Jg",
                  "inviter_user_id" : "user_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Jb",
                  "private_metadata" : {},
                  "public_metadata" : {},
                  "role" : "org:member",
                  "ticket_digest" : "/vCx8DvaeimY1eDGr6BrHuhj/+u9Y1tTMPn84kOZcx8=",
                  "updated_at" : 1800000000123
                }
              ],
              "membership_requests" : [
                {
                  "created_at" : 1800000000123,
                  "id" : "orgreq_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Ji",
                  "updated_at" : 1800000000123,
                  "user_id" : "user_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Jk"
                }
              ],
              "memberships" : [
                {
                  "created_at" : 1800000000123,
                  "id" : "orgmem_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Jf",
                  "private_metadata" : {},
                  "public_metadata" : {},
                  "role" : "org:admin",
                  "updated_at" : 1800000000123,
                  "user_id" : "user_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Jb"
                }
              ],
              "name" : "Analytical Engines",
              "private_metadata" : {},
              "public_metadata" : {},
              "slug" : "analytical-engines",
              "updated_at" : 1800000000123
            }
          ],
          "users" : [
            {
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
              "password" : {
                "digest" : "$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",
                "hasher" : "bcrypt",
                "updated_at" : 1800000000123
              },
              "password_compromised" : false,
              "phone_numbers" : [],
              "unsafe_metadata" : {},
              "updated_at" : 1800000000123
            },
            {
              "created_at" : 1800000000123,
              "email_addresses" : [
                {
                  "awaiting_verification" : false,
                  "created_at" : 1800000000123,
                  "email_address" : "charles@example.com",
                  "id" : "idn_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Jl",
                  "verified" : true
                }
              ],
              "id" : "user_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Jk",
              "password_compromised" : false,
              "phone_numbers" : [],
              "unsafe_metadata" : {},
              "updated_at" : 1800000000123
            }
          ],
          "version" : 3
        }
        """#
}
