import ClerkAPI
import ClerkLocalCore

/// `POST /v1/client/magic_links/complete`: a native email link's completion (see
/// `SignInRules.completeNativeEmailLink`), answered as `{response: {flow_id, ticket}, client}` for a
/// sign-in and `{response: <sign-up>, client}` for a sign-up, as ClerkKit reads it.
extension FrontendRoutes {
    func registerNativeEmailLinks(on router: MethodAwareRouter) {
        route(CompleteNativeEmailLinkRequest.self, on: router) { call in
            try await call.answer(
                SignInRules.self,
                {
                    try $0.completeNativeEmailLink(
                        call.meta, flowID: call.body.flowID, approvalToken: call.body.approvalToken, codeVerifier: call.body.codeVerifier)
                }
            ) { outcome in
                switch outcome {
                case .ticket(let answer):
                    try await call.envelope(NativeEmailLinkCompletion(flowID: answer.resource.flowID, ticket: answer.resource.ticket), answer.snapshot)
                case .signUp(let answer):
                    try await call.presentSignUp(answer)
                }
            }
        }
    }
}
