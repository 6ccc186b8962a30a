import ClerkOAuth
import Foundation

extension ExampleApp {
    /// The browser of an OAuth sign-in: a loopback listener is the redirect URL. A person at the
    /// terminal is shown the provider's page to open (and their browser is asked to open it); in a
    /// scripted run, `persona` chooses their address at the built-in provider's page, or denies
    /// when `denies`. The browser's requests (the page, `/v1/oauth_callback`) are not the app's.
    func oauthBrowser(as persona: Persona, denies: Bool = false) -> LoopbackRedirectSession {
        let email = person(persona).emailAddress
        let transcript = transcript
        if let console = person {
            return LoopbackRedirectSession(timeout: .seconds(300)) { page in
                console.terminal.write("Open this page in your browser to sign in (the terminal waits for it):\n  \(page.absoluteString)")
                SystemBrowser.open(page)
            }
        }
        return LoopbackRedirectSession(timeout: .seconds(60)) { page in
            transcript.write(
                .note, "the browser opens the provider's page; \(persona.name) " + (denies ? "denies" : "continues as \(email ?? "?")") + " (not counted)")
            try await ProviderPagePerson.answer(page, as: denies ? nil : email)
        }
    }
}
