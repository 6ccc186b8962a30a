import ClerkAPI
import ClerkLocalCore
import Foundation

extension FrontendRoutes {
    /// `POST /v1/waitlist`: the entry as Clerk's spec answers it (`Client.WaitlistEntry`: its `object`
    /// and `id`, bare, with no client: joining starts nothing on the client).
    func registerWaitlist(on router: MethodAwareRouter) {
        route(JoinWaitlistRequest.self, on: router) { call in
            try await call.answer(WaitlistRules.self, { try $0.join(emailAddress: call.body.emailAddress) }) { entry in
                WireResponses.json(try WireResponses.encode(WaitlistEntry(id: entry.id)))
            }
        }
    }
}
