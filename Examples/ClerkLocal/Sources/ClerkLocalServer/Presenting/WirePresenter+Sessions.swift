import ClerkAPI
import ClerkLocalCore
import Foundation

extension WirePresenter {
    /// One of the user's sessions as `GET /v1/me/sessions/active` lists it: no token (a device
    /// never receives another device's tokens), with where it was last used.
    package func sessionWithActivity(_ record: SessionRecord, now: Date) -> SessionWithActivity {
        SessionWithActivity(
            id: record.id, status: record.status(at: now, settings: settings.sessions),
            expireAt: ClerkTimestamp(record.expireAt), abandonAt: ClerkTimestamp(record.abandonAt),
            lastActiveAt: ClerkTimestamp(record.lastActiveAt), tasks: record.tasks.map { SessionTask(key: $0) },
            latestActivity: SessionActivity(
                object: "session_activity", id: "sess_activity_" + record.id.dropFirst("sess_".count),
                isMobile: false, ipAddress: record.lastActiveAddress))
    }
}
