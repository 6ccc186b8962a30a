import ClerkAPI

extension FlowDriver {
    /// Runs `create`, a step that creates a sign-up; Clerk's refusal of a sign-up without an invitation
    /// on an instance in waitlist mode (`sign_up_restricted_waitlist`) becomes
    /// ``FlowError/signUpsFromWaitlistOnly(_:)``, which names the way in, rather than a bare API error.
    func creatingSignUp<Value: Sendable>(_ create: () async throws(ClerkError) -> Value) async throws(ClerkError) -> Value {
        do {
            return try await create()
        } catch {
            if case .api(let failure) = error, error.hasCode(.signUpRestrictedWaitlist) { throw .flow(.signUpsFromWaitlistOnly(failure)) }
            throw error
        }
    }
}
