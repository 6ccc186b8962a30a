import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

extension BackendAPIRoutes {
    /// `GET /waitlist_entries` (`query`, `status`, `order_by`, `limit`, `offset`), `POST /waitlist_entries`,
    /// `POST /waitlist_entries/{id}/invite`, `POST /waitlist_entries/{id}/reject` and
    /// `DELETE /waitlist_entries/{id}`.
    func registerWaitlist(on api: RouterGroup<LocalRequestContext>) {
        api.get("waitlist_entries") { request, _ in
            try await answer {
                let parameters = request.uri.queryParameters
                let status = try parameters.get("status").map { text throws(FrontendError) in
                    guard let status = WaitlistEntryRecord.Status(rawValue: text) else { throw .invalidValue("status", text) }
                    return status
                }
                let page = try Self.pageRequest(request)
                let query = try WaitlistQuery(
                    status: status, query: parameters.get("query"), orderBy: parameters.get("order_by"), limit: page.limit, offset: page.offset)
                let found = await core.store.read(WaitlistRules.self) { $0.list(query) }
                let presenter = BackendPresenter(settings: core.settings, now: core.now())
                return BackendPresenter.page(found.page.map { presenter.waitlistEntry($0) }, total: found.total)
            }
        }
        api.post("waitlist_entries") { request, context in
            try await answer {
                let input = try await Self.body(BackendCreateWaitlistEntry.self, keys: BackendCreateWaitlistEntry.keys, request, context)
                guard let address = input.emailAddress else { throw FrontendError.missing("email_address") }
                let entry = try await core.store.perform(WaitlistRules.self) { try $0.create(emailAddress: address, notify: input.notify ?? true) }
                let view = await core.store.read(WaitlistRules.self) { $0.view(entry) }
                return BackendPresenter(settings: core.settings, now: core.now()).waitlistEntry(view)
            }
        }
        api.post("waitlist_entries/:waitlist_entry_id/invite") { request, context in
            try await answer {
                let id = try RequestReading.parameter("waitlist_entry_id", context)
                let input = try await Self.body(BackendInviteWaitlistEntry.self, keys: BackendInviteWaitlistEntry.keys, request, context)
                let view = try await core.store.perform(WaitlistRules.self) { try $0.invite(id: id, ignoreExisting: input.ignoreExisting ?? false) }
                return BackendPresenter(settings: core.settings, now: core.now()).waitlistEntry(view)
            }
        }
        api.post("waitlist_entries/:waitlist_entry_id/reject") { _, context in
            try await answer {
                let id = try RequestReading.parameter("waitlist_entry_id", context)
                let view = try await core.store.perform(WaitlistRules.self) { try $0.reject(id: id) }
                return BackendPresenter(settings: core.settings, now: core.now()).waitlistEntry(view)
            }
        }
        api.delete("waitlist_entries/:waitlist_entry_id") { _, context in
            try await answer {
                let id = try RequestReading.parameter("waitlist_entry_id", context)
                try await core.store.perform(WaitlistRules.self) { try $0.delete(id: id) }
                return BackendPresenter.deleted("waitlist_entry", id: id)
            }
        }
    }
}
