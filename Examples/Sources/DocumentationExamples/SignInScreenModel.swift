import Clerk
import ClerkClientTrust
import ClerkPassword
import Observation

/// What a sign-in screen and a signed-in screen show: the signed-in state comes from
/// `ObservedSession`, the sign-in's progress from a `FlowDriver`.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
@MainActor
@Observable
public final class SignInScreenModel {
    /// Which part of the sign-in screen shows.
    public enum Step: Equatable, Sendable {
        /// The email address and password fields.
        case credentials
        /// Waiting for the Frontend API.
        case working
        /// The code field, with the text above it: where the code went, and why the last one was refused.
        case code(String)
    }

    /// The signed-in state: the app shows the signed-in screen while `auth.isSignedIn`.
    public let auth: ObservedSession
    /// The email address the user typed.
    public var emailAddress = ""
    /// The password the user typed.
    public var password = ""
    /// The code the user typed.
    public var code = ""
    /// The part of the sign-in screen that shows.
    public private(set) var step = Step.credentials
    /// Why the last sign-in failed, shown under the fields.
    public private(set) var errorText: String?

    @ObservationIgnored private var waitingForCode: CheckedContinuation<FlowAnswer, Never>?

    /// A model for `client`'s screens.
    public init(client: ClerkClient) {
        auth = ObservedSession(client: client)
    }

    /// Who is signed in, for the signed-in screen: the primary email address, else the user id.
    public var signedInAs: String {
        guard let user = auth.user else { return "" }
        let primary = user.emailAddresses.first { $0.id == user.primaryEmailAddressID }
        return primary?.emailAddress ?? user.id
    }

    /// The Sign in button: runs the flow until a session is active or the sign-in fails.
    public func signIn() async {
        errorText = nil
        step = .working
        do {
            var registry = try FactorRegistry([PasswordStrategy()])
            try registry.registerClientTrust()  // a new device confirms the sign-in with a code
            let driver = FlowDriver(client: auth.client, registry: registry) { [weak self] question in
                guard let self else { throw CancellationError() }
                return try await self.answer(question)
            }
            _ = try await driver.signIn()
            await auth.update()  // the signed-in screen shows at once
        } catch {
            if errorText == nil { errorText = Self.text(for: error) }
        }
        password = ""
        code = ""
        step = .credentials
    }

    /// The Verify button of the code step.
    public func submitCode() {
        let answer = FlowAnswer.code(SecretString(code))
        code = ""
        step = .working
        waitingForCode?.resume(returning: answer)
        waitingForCode = nil
    }

    /// The "Send a new code" button of the code step.
    public func resendCode() {
        step = .working
        waitingForCode?.resume(returning: .resendCode)
        waitingForCode = nil
    }

    /// The Sign out button of the signed-in screen.
    public func signOut() async {
        _ = try? await auth.client.signOut()
        await auth.update()
    }

    private func answer(_ question: FlowQuestion) async throws -> FlowAnswer {
        switch question {
        case .identifier:
            return .identifier(emailAddress)
        case .password(_, let refusal?):
            errorText = refusal.apiErrors.first?.longMessage ?? "The password was refused."
            throw CancellationError()  // back to the fields, for the user to type it again
        case .password:
            return .password(SecretString(password))
        case .code(let prompt):
            step = .code(codeScreenText(for: prompt))  // the reason of a refused code included
            return await withCheckedContinuation { waitingForCode = $0 }
        default:
            throw CancellationError()  // nothing else is asked with these settings
        }
    }

    private static func text(for error: any Error) -> String {
        guard let error = error as? ClerkError else { return "The sign-in stopped." }
        return error.apiErrors.first?.longMessage ?? error.description
    }
}
