import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The dashboard's forms in headless Chromium, as a person uses them: reloading after "Create user"
/// creates no one, a switch keeps the users, and deleting them on a switch takes the page's second,
/// confirming form (plain HTML: the page has no inline script). The confirmation is saved as
/// `Examples/ClerkLocal/.build/test-artifacts/dashboard-confirm.png`.
extension DashboardBrowserTests {
    @Test("Reload after Create user, switch keeping users, switch deleting them after the confirmation")
    func forms() async throws {
        let server = try await LocalFrontendAPI.start(settings: DashboardTests.oneStep)
        defer { Task { await server.shutdown() } }
        let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../.build/test-artifacts")
            .standardizedFileURL
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let screenshot = artifacts.appendingPathComponent("dashboard-confirm.png")
        try? FileManager.default.removeItem(at: screenshot)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-forms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let script = work.appendingPathComponent("forms.py")
        try Data(Self.formsScript.utf8).write(to: script)
        let transcriptFile = artifacts.appendingPathComponent("dashboard-forms.log")

        let status = try await Self.run(
            ["python3", script.path, server.baseURL.absoluteString + "/__local/dashboard", screenshot.path], output: transcriptFile)
        let transcript = (try? String(contentsOf: transcriptFile, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(transcript)")
        for step in ["reload created no one", "switch kept the user", "asked before deleting", "deleted after confirming"] {
            #expect(transcript.contains(step), "\(transcript)")
        }
        #expect(await server.core.store.users.isEmpty)
        #expect(server.core.settings == SettingsPreset.phoneCode.settings)
        #expect(FileManager.default.fileExists(atPath: screenshot.path))
        print("Dashboard confirmation screenshot: \(screenshot.path)")
    }

    static let formsScript = #"""
        import sys
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select, WebDriverWait

        url, screenshot = sys.argv[1:3]
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000"]:
            options.add_argument(argument)
        browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        wait = WebDriverWait(browser, 30, ignored_exceptions=[StaleElementReferenceException])

        def users():
            return len(browser.find_elements(By.CSS_SELECTOR, "#users tr.user"))

        def switch(preset, delete):
            form = browser.find_element(By.ID, "switch-preset")
            Select(form.find_element(By.NAME, "preset")).select_by_value(preset)
            box = form.find_element(By.NAME, "delete_state")
            if box.is_selected() != delete:
                box.click()
            form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()

        try:
            browser.get(url)
            form = browser.find_element(By.ID, "create-user")
            form.find_element(By.NAME, "email_address").send_keys("ada@example.com")
            form.find_element(By.NAME, "password").send_keys("vivid-otter-glides-42")
            form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
            wait.until(lambda b: "User ada@example.com created." in b.find_element(By.ID, "notice").text)
            assert "?outcome=" in browser.current_url, "not redirected: " + browser.current_url
            browser.refresh()
            wait.until(lambda b: b.find_elements(By.ID, "users"))
            assert users() == 1, "the reload created another user"
            assert not browser.find_elements(By.ID, "notice"), "the outcome is shown once"
            print("reload created no one", flush=True)

            switch("email-code", False)
            wait.until(lambda b: "was kept" in b.find_element(By.ID, "notice").text)
            assert "preset email-code" in browser.find_element(By.TAG_NAME, "header").text
            assert users() == 1, "the switch deleted the user"
            print("switch kept the user", flush=True)

            switch("phone-code", True)
            confirm = wait.until(lambda b: b.find_element(By.ID, "confirm"))
            assert "phone-code" in confirm.text and "cannot be undone" in confirm.text
            assert users() == 1 and "preset email-code" in browser.find_element(By.TAG_NAME, "header").text, "acted before confirming"
            browser.save_screenshot(screenshot)
            print("asked before deleting", flush=True)
            confirm.find_element(By.CSS_SELECTOR, "button.danger-solid").click()
            wait.until(lambda b: "was deleted" in b.find_element(By.ID, "notice").text)
            assert users() == 0 and "preset phone-code" in browser.find_element(By.TAG_NAME, "header").text
            print("deleted after confirming", flush=True)
        finally:
            browser.quit()
        """#
}
