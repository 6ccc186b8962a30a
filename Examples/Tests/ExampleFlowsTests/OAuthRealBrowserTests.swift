import Clerk
import ClerkLocalServer
import ClerkLocalTesting
import ClerkOAuth
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import ExampleFlows

/// The interactive OAuth path with a real browser: the SDK's `LoopbackRedirectSession` hands
/// the provider's page to headless Chromium (driven by Selenium), which picks a test identity on
/// the built-in provider's page and follows the redirects through `/v1/oauth_callback` to the
/// loopback listener; the sign-in then completes as a sign-up by transfer.
@Suite("OAuth through a real browser and the loopback listener", .enabled(if: RealBrowser.available, RealBrowser.missingReason))
struct OAuthRealBrowserTests {
    @Test("Chromium opens the provider's page, picks Grace, and the browser's arrival at the listener completes the sign-in")
    func realBrowser() async throws {
        let server = try await LocalFrontendAPI.start(settings: SettingsPreset.social.settings)
        defer { Task { await server.shutdown() } }
        let transcript = RealBrowser.Transcript()
        let session = LoopbackRedirectSession(timeout: .seconds(600)) { page in
            try await RealBrowser.pick("grace@clerk-local.test", on: page, transcript: transcript)
        }
        let questions = RealBrowser.Questions()
        let device = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
        let driver = FlowDriver(client: device, registry: FactorRegistry()) { question in
            questions.record(question)
            guard case .missingFields = question else { return .startOver }
            return .details(SignUpDetails(legalAccepted: true))
        }
        let signedIn = try await driver.signIn(with: .google, through: session)

        let log = transcript.text
        #expect(log.contains("people listed"), "\(log)")
        #expect(log.contains("arrived: http://127.0.0.1:") && log.contains("/oauth-callback?rotating_token_nonce="), "\(log)")
        #expect(log.contains("closing page shown"), "the listener answered the browser: \(log)")
        #expect(signedIn.session.status == .active)
        #expect(signedIn.session.user?.emailAddresses.map(\.emailAddress) == ["grace@clerk-local.test"])
        #expect(signedIn.session.user?.externalAccounts.isEmpty == false)
        #expect(questions.all == [.missingFields([.legalAccepted])], "the legal acceptance was the one question")
    }
}

/// Headless Chromium through Selenium (Python), as the emulator's own browser tests drive it.
enum RealBrowser {
    static let chromium = "/usr/bin/chromium"
    static let driver = "/usr/bin/chromedriver"

    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: chromium) && FileManager.default.isExecutableFile(atPath: driver)
            && PythonScript.canImport("selenium")
    }

    static var missingReason: Comment {
        "needs chromium and chromium-driver (\(chromium), \(driver)) and Python's selenium (`source scripts/test-tools`); .ci/run installs them"
    }

    /// Opens `page` in Chromium, clicks `email`'s entry in the provider's list of people, and waits
    /// until the browser shows the loopback listener's page.
    static func pick(_ email: String, on page: URL, transcript: Transcript) async throws {
        transcript.append(try await PythonScript.run(Self.script, page.absoluteString, email))
    }

    /// What the browser script printed.
    final class Transcript: Sendable {
        private let lines = NIOLockedValueBox("")

        func append(_ text: String) { lines.withLockedValue { $0 += text } }
        var text: String { lines.withLockedValue { $0 } }
    }

    /// The questions the flow driver asked.
    final class Questions: Sendable {
        private let asked = NIOLockedValueBox<[FlowQuestion]>([])

        func record(_ question: FlowQuestion) { asked.withLockedValue { $0.append(question) } }
        var all: [FlowQuestion] { asked.withLockedValue { $0 } }
    }

    static let script = #"""
        import sys
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait

        page, email = sys.argv[1:3]
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"]:
            options.add_argument(argument)
        browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            browser.get(page)
            people = browser.find_elements(By.CSS_SELECTOR, "#people a.person")
            assert any(link.get_attribute("data-email") == email for link in people), [link.get_attribute("data-email") for link in people]
            print("people listed", flush=True)
            next(link for link in people if link.get_attribute("data-email") == email).click()
            WebDriverWait(browser, 60).until(lambda b: "/oauth-callback?" in b.current_url)
            print("arrived: " + browser.current_url, flush=True)
            assert "close this window" in browser.find_element(By.TAG_NAME, "body").text
            print("closing page shown", flush=True)
        finally:
            browser.quit()
        """#
}
