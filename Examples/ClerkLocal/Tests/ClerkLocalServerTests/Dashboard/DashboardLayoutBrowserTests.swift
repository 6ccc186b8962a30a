import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The page's layout in headless Chromium at 1280 and 800 px wide, with users, live sessions and
/// codes on it: no card or table is wider than its box, and every button lies inside its card.
/// A screenshot of each width is saved to `Examples/ClerkLocal/.build/test-artifacts/dashboard-WIDTH.png`.
extension DashboardBrowserTests {
    static let layoutWidths = [1280, 800]

    @Test("Nothing overflows at 1280 and 800 px wide; a screenshot of each is saved")
    func layout() async throws {
        let server = try await LocalFrontendAPI.start(settings: DashboardTests.oneStep)
        defer { Task { await server.shutdown() } }
        for index in 0..<4 {
            let email = "developer.number.\(index)-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            _ = try await server.seedUser(
                SeedUser(
                    emailAddress: email, username: "user_\(index)_with_a_long_name", password: Fixture.password, firstName: "Ada",
                    lastName: "Lovelace-Byron"))
            let device = FAPIClient(connection: .socket(server.baseURL))
            let signedIn = try await device.signIn([("identifier", email), ("password", Fixture.password)])
            #expect(signedIn.status == 200)
            server.core.outbox.deliver(
                channel: .email, to: email, purpose: "sign_in.email_code", code: "12345\(index)", applicationName: "clerk-local",
                lifetimeMinutes: 10, now: Date())
        }
        #expect(await server.core.store.listSessions().count >= 3, "a few sessions to show")

        let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../.build/test-artifacts")
            .standardizedFileURL
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let screenshots = Self.layoutWidths.map { artifacts.appendingPathComponent("dashboard-\($0).png") }
        for screenshot in screenshots { try? FileManager.default.removeItem(at: screenshot) }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let script = work.appendingPathComponent("layout.py")
        try Data(Self.layoutScript.utf8).write(to: script)
        let transcriptFile = artifacts.appendingPathComponent("dashboard-layout.log")

        let status = try await Self.run(
            ["python3", script.path, server.baseURL.absoluteString + "/__local/dashboard", artifacts.path]
                + Self.layoutWidths.map(String.init),
            output: transcriptFile)
        let transcript = (try? String(contentsOf: transcriptFile, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(transcript)")
        for width in Self.layoutWidths {
            #expect(transcript.contains("\(width) px: nothing overflows"), "\(transcript)")
        }
        for screenshot in screenshots {
            #expect(FileManager.default.fileExists(atPath: screenshot.path))
            print("Dashboard screenshot: \(screenshot.path)")
        }
    }

    /// Measures the page at each width (the viewport set exactly through the DevTools protocol),
    /// then sizes the viewport to the whole page and saves a screenshot.
    static let layoutScript = #"""
        import os, sys
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        url, artifacts = sys.argv[1:3]
        widths = [int(width) for width in sys.argv[3:]]
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars"]:
            options.add_argument(argument)
        browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)

        MEASURE = """
        const problems = [];
        const name = (element) => element.tagName.toLowerCase() + (element.id ? "#" + element.id : "")
            + (element.closest("section") ? " in section#" + element.closest("section").id : "");
        const page = document.documentElement;
        if (page.scrollWidth > page.clientWidth) problems.push("the page scrolls sideways: " + page.scrollWidth + " > " + page.clientWidth);
        for (const box of document.querySelectorAll("section, table")) {
            if (box.scrollWidth > box.clientWidth) problems.push(name(box) + " overflows: " + box.scrollWidth + " > " + box.clientWidth);
        }
        const buttons = document.querySelectorAll("section button");
        for (const button of buttons) {
            const card = button.closest("section").getBoundingClientRect();
            const own = button.getBoundingClientRect();
            if (own.left < card.left || own.right > card.right || own.top < card.top || own.bottom > card.bottom) {
                problems.push("button '" + button.textContent + "' " + name(button) + " lies outside its card: "
                    + JSON.stringify([own.left, own.right]) + " vs " + JSON.stringify([card.left, card.right]));
            }
        }
        return {problems: problems, buttons: buttons.length, sessions: document.querySelectorAll("#sessions tr.session").length,
                height: page.scrollHeight};
        """

        failed = False
        try:
            for width in widths:
                browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                        {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
                browser.get(url)
                found = browser.execute_script(MEASURE)
                assert found["sessions"] >= 3 and found["buttons"] > 10, "the page lacks the sessions it should show: " + str(found)
                for problem in found["problems"]:
                    print(f"{width} px: {problem}", flush=True)
                    failed = True
                if not found["problems"]:
                    print(f"{width} px: nothing overflows ({found['buttons']} buttons checked)", flush=True)
                browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                        {"width": width, "height": found["height"], "deviceScaleFactor": 1, "mobile": False})
                path = os.path.join(artifacts, f"dashboard-{width}.png")
                browser.save_screenshot(path)
                print(f"{width} px: screenshot {path}", flush=True)
        finally:
            browser.quit()
        sys.exit(1 if failed else 0)
        """#
}
