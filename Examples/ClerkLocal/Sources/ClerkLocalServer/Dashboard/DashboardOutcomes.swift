import ClerkLocalCore
import NIOConcurrencyHelpers

/// What a dashboard form did, kept for the page the browser is sent to afterwards (303) and shown
/// there once: a created user with their generated secrets, or why the form was refused. The
/// address names it by a random id, so reloading that page neither posts the form again nor shows
/// the secrets a second time.
package final class DashboardOutcomes: Sendable {
    package struct Outcome: Sendable {
        package var notice: String?
        package var error: String?
        package var created: DashboardPage.CreatedUser?
        package init(notice: String? = nil, error: String? = nil, created: DashboardPage.CreatedUser? = nil) {
            self.notice = notice
            self.error = error
            self.created = created
        }
    }

    /// Outcomes nobody came back for are dropped, oldest first, beyond this many.
    package static let capacity = 32
    private let kept = NIOLockedValueBox<[(id: String, outcome: Outcome)]>([])

    /// Keeps an outcome; answers the id its page's address carries.
    package func keep(_ outcome: Outcome) -> String {
        let id = SecureRandom.token()
        kept.withLockedValue { kept in
            kept.append((id, outcome))
            if kept.count > Self.capacity { kept.removeFirst(kept.count - Self.capacity) }
        }
        return id
    }

    /// The outcome, once: a second read finds nothing.
    package func take(_ id: String) -> Outcome? {
        kept.withLockedValue { kept in
            guard let index = kept.firstIndex(where: { $0.id == id }) else { return nil }
            return kept.remove(at: index).outcome
        }
    }
}
