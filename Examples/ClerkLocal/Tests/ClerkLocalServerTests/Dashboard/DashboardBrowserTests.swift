import ClerkLocalTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The dashboard in headless Chromium, driven by Selenium from Python: create a user through the
/// page, see a sign-in's code arrive in the inbox without reloading, revoke the session, and save a
/// screenshot to `Examples/ClerkLocal/.build/test-artifacts/dashboard.png`.
@Suite("Dashboard in a real browser", .enabled(TestTools.missing("chromium-driver or Python's selenium")) { TestTools.browser })
struct DashboardBrowserTests {
    static let chromedriver = "/usr/bin/chromedriver"

    @Test("Create a user, watch the code arrive in the inbox, revoke the session")
    func browser() async throws {
        var settings = SettingsPreset.emailCode.settings
        settings.clientTrust = false
        let server = try await LocalFrontendAPI.start(settings: settings)
        defer { Task { await server.shutdown() } }
        let email = "ada-\(UUID().uuidString.prefix(6).lowercased())@example.com"
        let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../.build/test-artifacts")
            .standardizedFileURL
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let screenshot = artifacts.appendingPathComponent("dashboard.png")
        try? FileManager.default.removeItem(at: screenshot)
        // The script and the files it exchanges with this test, apart from any other run's.
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let script = work.appendingPathComponent("dashboard.py")
        try Data(Self.script.utf8).write(to: script)

        let transcriptFile = artifacts.appendingPathComponent("dashboard-browser.log")
        let driver = Task {
            try await Self.run(
                ["python3", script.path, server.baseURL.absoluteString + "/__local/dashboard", email, screenshot.path, work.path], output: transcriptFile)
        }

        // Once the browser has created the user and holds the page open, a sign-in sends a code.
        try await Self.waitForFile(work.appendingPathComponent("ready").path)
        let userID = try #require(await server.core.store.users.values.first { $0.primaryEmail?.address == email }?.id)
        let device = FAPIClient(connection: .socket(server.baseURL))
        let started = try await device.signIn([("identifier", email), ("strategy", "email_code")])
        #expect(started.status == 200)
        let code = try #require(server.core.outbox.latestCode(to: email))
        let attempt = try await device.send(
            "POST", "/v1/client/sign_ins/\(try started.signIn.id)/attempt_first_factor", form: [("strategy", "email_code"), ("code", code)])
        #expect(attempt.status == 200)
        try Data((code + "\n").utf8).write(to: work.appendingPathComponent("code"))

        let status = try await driver.value
        let transcript = (try? String(contentsOf: transcriptFile, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(transcript)")
        #expect(transcript.contains("code seen in inbox without reload"))
        #expect(transcript.contains("session revoked"))
        let sessions = await server.core.store.read(SessionRules.self) { $0.listSessions() }
        #expect(sessions.count == 1 && sessions.first?.userID == userID && sessions.first?.status == .revoked)
        #expect(FileManager.default.fileExists(atPath: screenshot.path))
    }

    /// The browser script writes it; it gives up by itself within a minute.
    private static func waitForFile(_ path: String) async throws {
        for _ in 0..<900 where !FileManager.default.fileExists(atPath: path) {
            try await Task.sleep(for: .milliseconds(100))
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw LocalServerError(code: "browser_timeout", message: "the browser script did not get the dashboard ready")
        }
    }

    /// Runs a command to its end without blocking a thread of the concurrency pool (the server
    /// answering the browser runs there too); its output goes to `output` or nowhere.
    static func run(_ arguments: [String], output: URL? = nil) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let output {
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let handle = try FileHandle(forWritingTo: output)
            process.standardOutput = handle
            process.standardError = handle
        } else {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.launchSerialized()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }

    /// Waits for the code file the test writes once the sign-in has sent its code: the page must
    /// show that code without being reloaded.
    static let script = #"""
        import os, sys, time
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait

        url, email, screenshot, work = sys.argv[1:5]
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1100"]:
            options.add_argument(argument)
        browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        # A click that submits a form leaves the old page's elements stale until the next one loads.
        wait = WebDriverWait(browser, 30, ignored_exceptions=[StaleElementReferenceException])
        try:
            browser.get(url)
            form = browser.find_element(By.ID, "create-user")
            form.find_element(By.NAME, "email_address").send_keys(email)
            form.find_element(By.NAME, "first_name").send_keys("Ada")
            form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
            wait.until(lambda b: email in b.find_element(By.ID, "users").text)
            print("user created", flush=True)
            browser.get(url)
            marker = browser.execute_script("window.notReloaded = true; return window.notReloaded")
            open(os.path.join(work, "ready"), "w").close()
            deadline = time.time() + 600
            while not os.path.exists(os.path.join(work, "code")):
                assert time.time() < deadline, "no sign-in code was sent"
                time.sleep(0.1)
            code = open(os.path.join(work, "code")).read().strip()
            wait.until(lambda b: code in b.find_element(By.ID, "inbox").text)
            assert marker and browser.execute_script("return window.notReloaded === true"), "the page was reloaded"
            print("code seen in inbox without reload", flush=True)
            browser.get(url)
            button = wait.until(lambda b: b.find_element(By.CSS_SELECTOR, "#sessions form button"))
            button.click()
            wait.until(lambda b: "Session revoked." in b.find_element(By.ID, "notice").text)
            assert "revoked" in browser.find_element(By.ID, "sessions").text
            print("session revoked", flush=True)
            browser.save_screenshot(screenshot)
        finally:
            browser.quit()
        """#
}
