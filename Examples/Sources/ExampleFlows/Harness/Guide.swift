import Foundation

/// Clerk's custom-flow guides, which the flows follow; the raw value is the guide's slug, the last part of its
/// address. All of them are listed, with or without a flow yet (`ExampleFlow.all` says which have one).
public enum Guide: String, Sendable, CaseIterable, Codable {
    // Authentication
    case signInOrUp = "sign-in-or-up"
    case emailPassword = "email-password"
    case emailOrPhoneCode = "email-sms-otp"
    case multiFactor = "multi-factor-authentication"
    case deviceTrust = "device-trust"
    case forgotPassword = "forgot-password"
    case emailLinks = "email-links"
    case embeddedEmailLinks = "embedded-email-links"
    case applicationInvitations = "application-invitations"
    case oauthConnections = "oauth-connections"
    case enterpriseConnections = "enterprise-connections"
    case googleOneTap = "google-one-tap"
    case passkeys
    case biometricSignIn = "biometric-sign-in"
    case botSignUpProtection = "bot-sign-up-protection"
    case legalAcceptance = "legal-acceptance"
    case lastAuthenticationStrategy = "last-authentication-strategy"
    case multiSessionApplications = "multi-session-applications"
    case sessionTasks = "session-tasks"
    case signOut = "sign-out"
    case waitlist
    // Account updates
    case addEmail = "add-email"
    case addPhone = "add-phone"
    case manageMFA = "manage-mfa"
    case manageSSOConnections = "manage-sso-connections"
    case updatePassword = "update-password"
    case userImpersonation = "user-impersonation"
    // Organizations
    case organizationSwitcher = "organization-switcher"
    case createOrganizations = "create-organizations"
    case updateOrganizations = "update-organizations"
    case manageRoles = "manage-roles"
    case manageOrganizationInvitations = "manage-organization-invitations"
    case manageUserOrganizationInvitations = "manage-user-org-invitations"
    case manageMembershipRequests = "manage-membership-requests"
    case acceptOrganizationInvitations = "accept-organization-invitations"

    /// The part of Clerk's custom-flow documentation the guide is in.
    public enum Section: String, Sendable {
        case authentication
        case accountUpdates = "account-updates"
        case organizations
    }

    public var section: Section {
        switch self {
        case .signInOrUp, .emailPassword, .emailOrPhoneCode, .multiFactor, .deviceTrust, .forgotPassword, .emailLinks, .embeddedEmailLinks,
            .applicationInvitations, .oauthConnections, .enterpriseConnections, .googleOneTap, .passkeys, .biometricSignIn, .botSignUpProtection,
            .legalAcceptance, .lastAuthenticationStrategy, .multiSessionApplications, .sessionTasks, .signOut, .waitlist:
            .authentication
        case .addEmail, .addPhone, .manageMFA, .manageSSOConnections, .updatePassword, .userImpersonation: .accountUpdates
        case .organizationSwitcher, .createOrganizations, .updateOrganizations, .manageRoles, .manageOrganizationInvitations,
            .manageUserOrganizationInvitations, .manageMembershipRequests, .acceptOrganizationInvitations:
            .organizations
        }
    }

    /// The guide's title, as the flows' output names it.
    public var title: String {
        switch self {
        case .signInOrUp: "Build a custom sign-in-or-up flow"
        case .emailPassword: "Build a custom email/password authentication flow"
        case .emailOrPhoneCode: "Build a custom sign-in flow with email or phone code"
        case .multiFactor: "Build a custom sign-in flow with multi-factor authentication (MFA)"
        case .deviceTrust: "Build a custom sign-in flow with Client Trust"
        case .forgotPassword: "Build a custom flow for resetting a user's password"
        case .emailLinks: "Build a custom flow for authenticating with email links"
        case .embeddedEmailLinks: "Build a custom flow for handling embedded email links"
        case .applicationInvitations: "Sign-up with application invitations"
        case .oauthConnections: "Build a custom flow for authenticating with OAuth connections"
        case .enterpriseConnections: "Build a custom flow for authenticating with enterprise connections"
        case .googleOneTap: "Build a custom Google One Tap authentication flow"
        case .passkeys: "Build a custom flow for authenticating with passkeys"
        case .biometricSignIn: "Build a custom flow for signing in with biometrics"
        case .botSignUpProtection: "Add bot protection to a custom sign-up flow"
        case .legalAcceptance: "Build a custom sign-up flow with legal acceptance"
        case .lastAuthenticationStrategy: "Show the last authentication strategy in a custom flow"
        case .multiSessionApplications: "Build a custom multi-session flow"
        case .sessionTasks: "Handle session tasks in a custom flow"
        case .signOut: "Build a custom sign-out flow"
        case .waitlist: "Build a custom flow for joining a waitlist"
        case .addEmail: "Build a custom flow for adding an email address to an account"
        case .addPhone: "Build a custom flow for adding a phone number to an account"
        case .manageMFA: "Build a custom flow for managing multi-factor authentication"
        case .manageSSOConnections: "Build a custom flow for managing SSO connections"
        case .updatePassword: "Build a custom flow for updating a user's password"
        case .userImpersonation: "Build a custom flow for user impersonation"
        case .organizationSwitcher: "Build a custom flow for switching organizations"
        case .createOrganizations: "Build a custom flow for creating organizations"
        case .updateOrganizations: "Build a custom flow for updating an organization"
        case .manageRoles: "Build a custom flow for managing member roles"
        case .manageOrganizationInvitations: "Build a custom flow for creating and managing organization invitations"
        case .manageUserOrganizationInvitations: "Build a custom flow for managing a user's organization invitations"
        case .manageMembershipRequests: "Build a custom flow for managing membership requests"
        case .acceptOrganizationInvitations: "Build a custom flow for accepting organization invitations"
        }
    }

    /// The guide as Clerk publishes it.
    public var url: URL {
        URL(string: "https://clerk.com/docs/guides/development/custom-flows/\(section.rawValue)/\(rawValue)")!
    }
}
