#if canImport(AuthenticationServices)
    import AuthenticationServices
    import Clerk
    import Foundation

    /// ``OAuthRedirectSession`` over `ASWebAuthenticationSession` (Apple platforms; not built by
    /// this repository's CI, which runs on Linux): the system's sign-in sheet, which comes back
    /// when the browser reaches `redirectURL`'s scheme.
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    public struct WebAuthenticationRedirectSession: OAuthRedirectSession {
        /// The app's redirect URL (e.g. `myapp://oauth-callback`), allowed by the instance.
        public let callbackURL: URL
        /// Whether the sheet shares no cookies with the user's browser.
        public let prefersEphemeralSession: Bool
        private let presentation: @MainActor @Sendable () -> ASPresentationAnchor

        /// A session coming back to `callbackURL`, presented over `anchor`'s window.
        public init(
            callbackURL: URL, prefersEphemeralSession: Bool = false, anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
        ) {
            self.callbackURL = callbackURL
            self.prefersEphemeralSession = prefersEphemeralSession
            presentation = anchor
        }

        public func redirectURL() async throws(ClerkError) -> URL { callbackURL }

        public func open(_ url: URL, redirectURL: URL) async throws(ClerkError) -> URL {
            let result: Result<URL, ClerkError> = await withCheckedContinuation { continuation in
                Task { @MainActor in
                    let provider = AnchorProvider(anchor: presentation())
                    // The session must outlive this task until it calls back: the holder keeps it, and the
                    // completion releases it.
                    let holder = SessionHolder()
                    let session = ASWebAuthenticationSession(url: url, callbackURLScheme: redirectURL.scheme) { callback, error in
                        if let callback {
                            continuation.resume(returning: .success(callback))
                        } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                            continuation.resume(returning: .failure(.cancelled))
                        } else {
                            continuation.resume(returning: .failure(.flow(.answerProviderFailed(error.map { "\($0)" } ?? "no callback URL"))))
                        }
                        _ = provider
                        holder.session = nil
                    }
                    holder.session = session
                    session.presentationContextProvider = provider
                    session.prefersEphemeralWebBrowserSession = prefersEphemeralSession
                    session.start()
                }
            }
            return try result.get()
        }
    }

    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    private final class SessionHolder: @unchecked Sendable {
        var session: ASWebAuthenticationSession?
    }

    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    private final class AnchorProvider: NSObject, ASWebAuthenticationPresentationContextProviding, @unchecked Sendable {
        let anchor: ASPresentationAnchor

        init(anchor: ASPresentationAnchor) {
            self.anchor = anchor
        }

        func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor { anchor }
    }
#endif
