import ClerkAPI
import ClerkLocalCore
import Foundation

extension WirePresenter {
    /// A session's re-verification as `/v1/client/sessions/{id}/verify…` answers it: the factors of
    /// the stage it waits for or went through (null otherwise), each stage's verification, and the
    /// session without a token (the client in the same answer carries it).
    package func reverification(of session: SessionRecord, now: Date) -> SessionReverification? {
        guard let record = session.reverification else { return nil }
        let showsFirst = record.status == .needsFirstFactor || record.firstFactor != nil
        let showsSecond = record.status == .needsSecondFactor || record.secondFactor != nil
        return SessionReverification(
            level: record.level, status: record.status,
            supportedFirstFactors: showsFirst ? record.firstFactors.map(factor) : nil,
            supportedSecondFactors: showsSecond ? record.secondFactors.map(factor) : nil,
            firstFactorVerification: record.firstFactor.map { verification($0, now: now) },
            secondFactorVerification: record.secondFactor.map { verification($0, now: now) },
            session: ReverifiedSession(
                id: session.id, status: session.status(at: now, settings: settings.sessions),
                expireAt: ClerkTimestamp(session.expireAt), abandonAt: ClerkTimestamp(session.abandonAt),
                lastActiveAt: ClerkTimestamp(session.lastActiveAt), tasks: session.tasks.map { SessionTask(key: $0) }))
    }
}
