import ClerkAPI
import Foundation

/// The store's re-verification operations (`ReverificationRules`), one line each.
extension FrontendStore {
    package func startReverification(_ meta: RequestMeta, sessionID: String, level: SessionReverificationLevel) throws(FrontendError) -> StoreAnswer<
        SessionRecord
    > {
        try self[rules: ReverificationRules.self].startReverification(meta, sessionID: sessionID, level: level)
    }

    package func prepareReverificationFirstFactor(_ meta: RequestMeta, sessionID: String, _ input: FactorPreparation) throws(FrontendError)
        -> StoreAnswer<SessionRecord>
    {
        try self[rules: ReverificationRules.self].prepareReverificationFirstFactor(meta, sessionID: sessionID, input)
    }

    package func attemptReverificationFirstFactorCode(_ meta: RequestMeta, sessionID: String, _ input: FirstFactorAttempt) throws(FrontendError)
        -> StoreAnswer<SessionRecord>
    {
        try self[rules: ReverificationRules.self].attemptReverificationFirstFactorCode(meta, sessionID: sessionID, input)
    }

    package func planReverificationPassword(_ meta: RequestMeta, sessionID: String, _ input: FirstFactorAttempt) throws(FrontendError) -> PasswordPlan {
        try self[rules: ReverificationRules.self].planReverificationPassword(meta, sessionID: sessionID, input)
    }

    package func completeReverificationPassword(_ meta: RequestMeta, sessionID: String, plan: PasswordPlan, check: PasswordCheck) throws(FrontendError)
        -> StoreAnswer<SessionRecord>
    {
        try self[rules: ReverificationRules.self].completeReverificationPassword(meta, sessionID: sessionID, plan: plan, check: check)
    }

    package func prepareReverificationSecondFactor(_ meta: RequestMeta, sessionID: String, _ input: FactorPreparation) throws(FrontendError)
        -> StoreAnswer<SessionRecord>
    {
        try self[rules: ReverificationRules.self].prepareReverificationSecondFactor(meta, sessionID: sessionID, input)
    }

    package func attemptReverificationSecondFactor(_ meta: RequestMeta, sessionID: String, _ input: SecondFactorAttempt) throws(FrontendError)
        -> StoreAnswer<SessionRecord>
    {
        try self[rules: ReverificationRules.self].attemptReverificationSecondFactor(meta, sessionID: sessionID, input)
    }
}
