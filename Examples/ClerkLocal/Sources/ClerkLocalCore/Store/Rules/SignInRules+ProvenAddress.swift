import ClerkAPI
import Foundation

extension SignInRules {
    /// A provider proved `address`, which `user` holds unverified (signed up with `verify_at_sign_up`
    /// off, or imported so): whoever typed it before never proved it, so the account goes to the
    /// address's owner, as Clerk's account linking does for this case, with nothing left that the
    /// earlier holder could use. The address becomes verified; the other addresses, phone numbers,
    /// password, passkeys, linked accounts, authenticator app and backup codes are removed; every
    /// session of the user is revoked. Its profile (names, username, metadata) stays.
    mutating func reclaim(_ user: inout UserRecord, provenAddress address: String) {
        guard let index = user.emails.firstIndex(where: { $0.address == address }), !user.emails[index].verified else { return }
        user.emails[index].verified = true
        user.emails[index].challenge = nil
        user.emails = [user.emails[index]]
        user.passwordHash = nil
        user.passwordUpdatedAt = nil
        user.passwordCompromised = false
        user.passkeys = nil
        user.phones = []
        user.externalAccounts = nil
        user.totpSecret = nil
        user.totpID = nil
        user.totpEnabledAt = nil
        user.pendingTOTP = nil
        user.lastTOTPStep = nil
        user.backupCodes = nil
        user.mfaEnabledAt = nil
        let userID = user.id
        endSessions(status: .revoked) { $0.userID == userID }
    }
}
