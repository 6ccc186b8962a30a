// Copied from Tests/ClerkAPITests/Payloads.swift: realistic answers, shaped like Clerk's real ones.
/// Realistic Frontend API answers, shaped like Clerk's real ones (including where those differ
/// from the spec: `locale: null` on sign-ins, `password` among supported identifiers,
/// environments lacking fields the spec requires).
public enum Payloads {
    public static let user = #"""
        {"id":"user_2abc","object":"user","username":null,"first_name":"Jane","last_name":"Doe","image_url":"https://img.clerk.com/x","has_image":false,
        "primary_email_address_id":"idn_email1","primary_phone_number_id":null,"primary_web3_wallet_id":null,"password_enabled":true,
        "two_factor_enabled":true,"totp_enabled":true,"backup_code_enabled":true,
        "email_addresses":[{"id":"idn_email1","object":"email_address","email_address":"jane+clerk_test@example.com","reserved":false,
          "verification":{"object":"verification_otp","status":"verified","strategy":"email_code","attempts":1,"expire_at":1700691000000},
          "linked_to":[],"matches_sso_connection":false,"created_at":1700690400000,"updated_at":1700690400000}],
        "phone_numbers":[],"web3_wallets":[],"passkeys":[],"organization_memberships":[],"external_accounts":[],"saml_accounts":[],
        "enterprise_accounts":[],"public_metadata":{},"private_metadata":{},"unsafe_metadata":{"plan":"pro"},"external_id":null,
        "last_sign_in_at":1700690400000,"banned":false,"locked":false,"lockout_expires_in_seconds":null,"verification_attempts_remaining":100,
        "created_at":1700690400000,"updated_at":1700690400000,"delete_self_enabled":true,"create_organization_enabled":true,
        "last_active_at":1700690400000,"mfa_enabled_at":1700690400000,"mfa_disabled_at":null,"legal_accepted_at":null,"profile_image_url":"https://img.clerk.com/x"}
        """#

    public static let session = #"""
        {"object":"session","id":"sess_2abc","status":"active","expire_at":1701295200000,"abandon_at":1703282400000,"last_active_at":1700690400000,
        "last_active_organization_id":null,"actor":null,"tasks":null,"user":\#(user),
        "public_user_data":{"first_name":"Jane","last_name":"Doe","image_url":"https://img.clerk.com/x","has_image":false,"identifier":"jane+clerk_test@example.com","profile_image_url":"https://img.clerk.com/x"},
        "factor_verification_age":[0,0],"last_active_token":{"object":"token","jwt":"eyJhbGciOiJSUzI1NiJ9.e30.c2lnbmF0dXJl"},
        "created_at":1700690400000,"updated_at":1700690400000}
        """#

    public static let signInNeedsSecondFactor = #"""
        {"object":"sign_in_attempt","id":"sia_2abc","status":"needs_second_factor","supported_identifiers":["email_address","password"],
        "supported_first_factors":[{"strategy":"password"},{"strategy":"email_code","safe_identifier":"j***+clerk_test@example.com","email_address_id":"idn_email1","primary":true}],
        "supported_second_factors":[{"strategy":"totp"},{"strategy":"backup_code"},{"strategy":"phone_code","safe_identifier":"+1*******0100","phone_number_id":"idn_phone1","default":true}],
        "first_factor_verification":{"status":"verified","strategy":"password","attempts":null,"expire_at":null},
        "second_factor_verification":null,"identifier":"jane+clerk_test@example.com",
        "user_data":{"first_name":"Jane","last_name":"Doe","image_url":"https://img.clerk.com/x","has_image":false},
        "created_session_id":null,"abandon_at":1700776800000,"locale":null,"client_trust_state":"known"}
        """#

    public static func client(signIn: String = "null", signUp: String = "null", sessions: String = "[]", lastActive: String = "null") -> String {
        #"""
        {"object":"client","id":"client_2abc","sessions":\#(sessions),"sign_in":\#(signIn),"sign_up":\#(signUp),
        "last_active_session_id":\#(lastActive),"last_authentication_strategy":null,"cookie_expires_at":null,"captcha_bypass":false,
        "created_at":1700690400000,"updated_at":1700690400000}
        """#
    }

    public static var signInNeedsSecondFactorEnvelope: String {
        #"{"response":\#(signInNeedsSecondFactor),"client":\#(client(signIn: signInNeedsSecondFactor))}"#
    }

    public static var completedSignIn: String {
        let signIn = #"""
            {"object":"sign_in_attempt","id":"sia_2abc","status":"complete","supported_identifiers":["email_address"],
            "supported_first_factors":[],"supported_second_factors":null,
            "first_factor_verification":{"status":"verified","strategy":"email_code","attempts":1,"expire_at":1700691000000},
            "second_factor_verification":null,"identifier":"jane+clerk_test@example.com","user_data":null,
            "created_session_id":"sess_2abc","abandon_at":1700776800000,"locale":"en-US"}
            """#
        return #"{"response":\#(signIn),"client":\#(client(sessions: "[\(session)]", lastActive: "\"sess_2abc\""))}"#
    }

    public static let signUpMissingRequirements = #"""
        {"object":"sign_up_attempt","id":"sua_2abc","status":"missing_requirements","required_fields":["email_address","password","legal_accepted"],
        "optional_fields":["first_name","last_name"],"missing_fields":["legal_accepted"],"unverified_fields":["email_address"],
        "verifications":{"email_address":{"object":"verification_otp","status":"unverified","strategy":"email_code","attempts":0,"expire_at":1700691000000,"next_action":"needs_attempt","supported_strategies":["email_code"]},
          "phone_number":null,"web3_wallet":null,"external_account":null},
        "username":null,"email_address":"new+clerk_test@example.com","phone_number":null,"web3_wallet":null,"password_enabled":true,"has_password":true,
        "first_name":null,"last_name":null,"unsafe_metadata":{},"public_metadata":{},"custom_action":false,"external_id":null,
        "created_session_id":null,"created_user_id":null,"abandon_at":1700776800000,"legal_accepted_at":null,"locale":null}
        """#

    public static var signUpMissingRequirementsEnvelope: String {
        #"{"response":\#(signUpMissingRequirements),"client":null,"meta":{"client":\#(client(signUp: signUpMissingRequirements))}}"#
    }

    public static let errorEnvelope = #"""
        {"errors":[{"message":"Password is incorrect. Try again, or use another method.","long_message":"Password is incorrect. Try again, or use another method.",
        "code":"form_password_incorrect","meta":{"param_name":"password"}}],"meta":{},"clerk_trace_id":"a1b2c3d4e5f6"}
        """#

    /// An environment of an older API version: fields the 2026-05-12 spec requires are absent
    /// and others it does not list are present.
    public static let olderEnvironment = #"""
        {"auth_config":{"object":"auth_config","id":"aac_1","single_session_mode":true,"url_based_session_syncing":true,"claimed_at":null,"reverification":true},
        "display_config":{"object":"display_config","id":"display_config_1","instance_environment_type":"development","application_name":"Demo","branded":true,"preferred_sign_in_strategy":"password","theme":{"general":{}}},
        "user_settings":{"attributes":{"email_address":{"enabled":true,"required":true,"used_for_first_factor":true,"first_factors":["email_code"],"used_for_second_factor":false,"second_factors":[],"verifications":["email_code"],"verify_at_sign_up":true},
          "password":{"enabled":true,"required":true}},
          "sign_up":{"captcha_enabled":false,"mode":"public","legal_consent_enabled":true,"progressive":true,"mfa":{"required":false}},
          "password_settings":{"min_length":8,"max_length":72}},
        "organization_settings":{"enabled":false},"commerce_settings":{"billing":{"enabled":false,"has_paid_plans":false}},"maintenance_mode":false}
        """#

    public static let token = #"{"object":"token","jwt":"eyJhbGciOiJSUzI1NiIsImtpZCI6Imluc18xIn0.eyJzdWIiOiJ1c2VyXzEifQ.c2ln"}"#

    /// Every payload, for the mutation property test.
    public static var all: [(name: String, json: String)] {
        [
            ("sign-in needing a second factor", signInNeedsSecondFactorEnvelope), ("completed sign-in", completedSignIn),
            ("sign-up missing requirements", signUpMissingRequirementsEnvelope), ("error envelope", errorEnvelope),
            ("older environment", olderEnvironment), ("token", token), ("session", session), ("user", user),
        ]
    }
}
