extension ExampleFlow {
    /// Every documented flow, in the order of the guides.
    public static let all: [ExampleFlow] = [
        signInOrUp, signInOrUpIfMissing,
        emailPasswordSignUp, emailPasswordSignIn,
        smsCodeSignUp, emailCodeSignUp, smsCodeSignIn, emailCodeSignIn,
        clientTrustEmail, clientTrustPhone,
        mfaSMS, mfaTOTP, mfaBackupCode,
        manageMFA, mfaRequiredSignUp, forgotPassword, compromisedPassword,
        sessionLifecycle,
        emailLinkSignIn, emailLinkSignUp, clientTrustEmailLink, signInToken,
        reverifyPasswordChange, invitationAccepted, signInWithApple,
        googleSignIn, cancelledConsent, passkeySignIn,
        signOut, legalAcceptance, addEmail, addPhone, multiSession, googleOneTap, embeddedEmailLink,
        organizationSwitcher, createOrganization, manageRoles, manageOrganizationInvitations, userOrganizationInvitations,
        membershipRequests, updateOrganization, acceptOrganizationInvitation,
        lastAuthenticationStrategy, manageSSOConnections, chooseOrganizationTask, botSignUpProtection,
        biometricSignIn, emailLinkInApp, userImpersonation, waitlist, enterpriseSSO,
        emailLinkSignUpInApp,
    ]

    /// The flow named `name` (its subcommand).
    public static func named(_ name: String) -> ExampleFlow? {
        all.first { $0.name == name }
    }
}
