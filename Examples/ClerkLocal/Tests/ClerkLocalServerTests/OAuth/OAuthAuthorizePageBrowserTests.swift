import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The built-in provider's authorize page in headless Chromium, driven by Selenium: a person types
/// an address of their own and continues, another denies; the browser follows the redirects through
/// `/v1/oauth_callback` to the app's redirect URL (a loopback page of the server itself).
@Suite("OAuth authorize page in a real browser", .enabled(TestTools.missing("chromium-driver or Python's selenium")) { TestTools.browser })
struct OAuthAuthorizePageBrowserTests {
    @Test("Continue with an address of one's own, and Deny, through the page")
    func page() async throws {
        let server = try await LocalFrontendAPI.start(settings: SettingsPreset.social.settings)
        defer { Task { await server.shutdown() } }
        let appRedirect = server.baseURL.absoluteString + "/v1/environment"
        let email = Fixture.email("browser-oauth")
        let device = FAPIClient(connection: .socket(server.baseURL))
        let (chosen, chooseURL) = try await OAuthBrowser.start(device, redirect: appRedirect)
        let other = FAPIClient(connection: .socket(server.baseURL))
        let (denied, denyURL) = try await OAuthBrowser.start(other, redirect: appRedirect)

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("oauth-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let script = work.appendingPathComponent("authorize.py")
        try Data(Self.script.utf8).write(to: script)
        let transcriptFile = work.appendingPathComponent("transcript.log")
        let status = try await DashboardBrowserTests.run(["python3", script.path, chooseURL, denyURL, email], output: transcriptFile)
        let transcript = (try? String(contentsOf: transcriptFile, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(transcript)")
        #expect(transcript.contains("people listed"))
        #expect(transcript.contains("chosen: " + appRedirect + "?rotating_token_nonce="), "\(transcript)")
        #expect(transcript.contains("denied: " + appRedirect + "?rotating_token_nonce="), "\(transcript)")

        let transferable = try await OAuthBrowser.returnToApp(device, chosen.id, back: try Self.landing("chosen", in: transcript))
        #expect(try transferable.signIn.firstFactorVerification?.status == .transferable)
        let refused = try await OAuthBrowser.returnToApp(other, denied.id, back: try Self.landing("denied", in: transcript))
        #expect(try refused.signIn.firstFactorVerification?.error?.code == .oauthAccessDenied)
    }

    /// The app URL the browser landed on, as the script's `<label>: <url>` line says.
    static func landing(_ label: String, in transcript: String) throws -> String {
        let line = try #require(transcript.split(separator: "\n").first { $0.hasPrefix(label + ": ") })
        return String(line.dropFirst(label.count + 2))
    }

    static let script = #"""
        import sys
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait

        choose_url, deny_url, email = sys.argv[1:4]
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"]:
            options.add_argument(argument)
        browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        wait = WebDriverWait(browser, 30)
        try:
            browser.get(choose_url)
            people = [link.get_attribute("data-email") for link in browser.find_elements(By.CSS_SELECTOR, "#people a.person")]
            assert "ada@clerk-local.test" in people, people
            assert "Sign in with Google" in browser.find_element(By.TAG_NAME, "h1").text
            print("people listed", flush=True)
            browser.find_element(By.ID, "email").send_keys(email)
            browser.find_element(By.ID, "continue").click()
            wait.until(lambda b: "rotating_token_nonce=" in b.current_url)
            print("chosen: " + browser.current_url, flush=True)
            browser.get(deny_url)
            browser.find_element(By.ID, "deny").click()
            wait.until(lambda b: "rotating_token_nonce=" in b.current_url)
            print("denied: " + browser.current_url, flush=True)
        finally:
            browser.quit()
        """#
}
