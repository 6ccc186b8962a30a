import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The grapheme-joined payloads in every field a page can show, in headless Chromium: names, the
/// search box and its "no users matching" text, a stored email address (as a data directory
/// written before identifiers were checked by scalar may hold), and the live inbox (a message
/// addressed to a payload, refreshed by the page's script). A payload that runs sets `window.pwned`.
@Suite(
    "Security: no payload runs in the dashboard in a real browser", .enabled(TestTools.missing("chromium-driver or Python's selenium")) { TestTools.browser })
struct DashboardInjectionBrowserTests {
    @Test("Grapheme-joined payloads in every rendered field never run")
    func payloadsNeverRun() async throws {
        let server = try await LocalFrontendAPI.start(settings: DashboardTests.oneStep)
        defer { Task { await server.shutdown() } }
        for (index, payload) in GraphemePayloads.all.enumerated() {
            _ = try await server.core.admin.seed(SeedUser(emailAddress: Fixture.email(), firstName: payload, lastName: payload))
            var stored = UserRecord(id: "user_stored\(index)", createdAt: Date(), updatedAt: Date())
            stored.emails = [EmailRecord(id: "idn_stored\(index)", address: payload + "@example.com", verified: true, createdAt: Date())]
            await server.core.store.store(stored)
            server.core.outbox.deliver(
                channel: .email, to: payload, purpose: payload, code: "00000\(index)", applicationName: payload, lifetimeMinutes: 10,
                now: Date())
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-injection-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let script = work.appendingPathComponent("injection.py")
        try Data(Self.script.utf8).write(to: script)
        let payloads = work.appendingPathComponent("payloads.json")
        try JSONSerialization.data(withJSONObject: GraphemePayloads.all).write(to: payloads)
        let transcript = work.appendingPathComponent("transcript.log")

        let status = try await DashboardBrowserTests.run(
            ["python3", script.path, server.baseURL.absoluteString + "/__local/dashboard", payloads.path], output: transcript)
        let text = (try? String(contentsOf: transcript, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(text)")
        #expect(text.contains("search: no payload ran"))
        #expect(text.contains("page and live inbox: no payload ran"))
    }

    static let script = #"""
        import json, sys, time, urllib.parse
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By

        url, payload_file = sys.argv[1:3]
        payloads = json.load(open(payload_file, encoding="utf-8"))
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"]:
            options.add_argument(argument)
        browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)

        def ran():
            return browser.execute_script("return window.pwned === undefined ? null : String(window.pwned)")

        try:
            for payload in payloads:
                browser.get(url + "?q=" + urllib.parse.quote(payload + "zz"))
                time.sleep(0.3)
                assert ran() is None, "payload ran from the search: " + ran()
                assert "No users matching" in browser.find_element(By.ID, "users").text
                assert browser.find_element(By.NAME, "q").get_attribute("value") == payload + "zz", "the search box lost its value"
            print("search: no payload ran", flush=True)
            browser.get(url)
            # The page's script replaces the inbox every second: wait for two refreshes.
            time.sleep(2.5)
            assert ran() is None, "payload ran on the page: " + ran()
            users = browser.find_element(By.ID, "users").text
            inbox = browser.find_element(By.ID, "inbox").text
            assert "onerror=window.pwned" in users and "onload=window.pwned" in users, "names are not shown as text"
            assert len(browser.find_elements(By.CSS_SELECTOR, "#inbox tr.message")) == len(payloads), "the inbox lost messages"
            assert "window.pwned" in inbox, "the inbox does not show the addresses as text"
            assert not browser.find_elements(By.CSS_SELECTOR, "#users img, #inbox img, #users style, #inbox style"), "markup was injected"
            print("page and live inbox: no payload ran", flush=True)
        finally:
            browser.quit()
        """#
}
