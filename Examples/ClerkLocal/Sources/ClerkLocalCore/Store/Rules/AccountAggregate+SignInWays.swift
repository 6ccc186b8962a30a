import ClerkAPI
import Foundation

extension AccountAggregate {
    /// How many ways the user has to sign in besides `excludedStrategy` and the external account
    /// `excludedAccountID`: the first factors a sign-in would offer (password, codes, links, passkeys;
    /// a password reset is not one) and the linked provider accounts.
    func otherWaysToSignIn(_ user: UserRecord, excludingStrategy excludedStrategy: Strategy? = nil, excludingAccount excludedAccountID: String? = nil) -> Int {
        var skipped: Set<Strategy> = [.resetPasswordEmailCode, .resetPasswordPhoneCode]
        if let excludedStrategy { skipped.insert(excludedStrategy) }
        let factors = factorRules.firstFactors(for: user, identifier: nil).filter { !skipped.contains($0.strategy) }
        return factors.count + user.linkedAccounts.filter { $0.id != excludedAccountID }.count
    }
}
