import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The page's layout in headless Chromium at 1280, 800 and 390 px wide (a phone), with as much on it as a
/// day of work leaves: 20 users with long addresses, 20 live sessions, codes and email links in the inbox,
/// and organizations with long names, one with 22 members and 3 pending invitations, whose own page is
/// measured too. No card or table is wider than its box, every cell and button lies inside its card, and no
/// address is squeezed to a few characters a line. A screenshot of each page and width is saved to
/// `Examples/ClerkLocal/.build/test-artifacts/dashboard-WIDTH.png` and `dashboard-organization-WIDTH.png`.
extension DashboardBrowserTests {
    static let layoutWidths = [1280, 800, 390]

    @Test("Nothing overflows or is cut off at 1280, 800 and 390 px wide with a realistic amount of data; a screenshot of each is saved")
    func layout() async throws {
        var settings = DashboardTests.oneStep
        settings.organizations = organizationTestSettings.organizations
        let server = try await LocalFrontendAPI.start(settings: settings)
        defer { Task { await server.shutdown() } }
        for index in 0..<20 {
            let email = "developer.number.\(index).with.a.rather.long.address-\(UUID().uuidString.prefix(8).lowercased())@subdomain.example.com"
            _ = try await server.seedUser(
                SeedUser(
                    emailAddress: email, username: "user_\(index)_with_a_long_name", password: Fixture.password, firstName: "Ada",
                    lastName: "Lovelace-Byron"))
            let device = FAPIClient(connection: .socket(server.baseURL))
            let signedIn = try await device.signIn([("identifier", email), ("password", Fixture.password)])
            #expect(signedIn.status == 200)
            if index % 2 == 0 {
                let token = String(repeating: "aB3dE6gH9k", count: 6)
                _ = server.core.outbox.deliverLink(
                    to: email, purpose: "sign_in.email_link", link: "\(server.baseURL.absoluteString)/v1/verify?token=\(token)\(index)",
                    applicationName: "clerk-local", lifetimeMinutes: 10, now: Date())
            } else {
                _ = server.core.outbox.deliver(
                    channel: .email, to: email, purpose: "sign_in.email_code", code: "12345\(index % 10)", applicationName: "clerk-local",
                    lifetimeMinutes: 10, now: Date())
            }
        }
        #expect(await server.core.store.read(SessionRules.self) { $0.listSessions() }.count == 20, "20 sessions to show")
        let busy = try await seedBusyOrganization(
            server.core, name: "The International Consolidated Widget Manufacturing and Distribution Company of Greater Springfield",
            members: 22, invited: 3)
        // Its 3 invitations are emailed: 13 links in the inbox.
        _ = try await seedBusyOrganization(server.core, name: "Supercalifragilisticexpialidocious-Widgets-International-Holdings", members: 1, invited: 0)

        let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../.build/test-artifacts")
            .standardizedFileURL
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let screenshots = Self.layoutWidths.flatMap {
            [artifacts.appendingPathComponent("dashboard-\($0).png"), artifacts.appendingPathComponent("dashboard-organization-\($0).png")]
        }
        for screenshot in screenshots { try? FileManager.default.removeItem(at: screenshot) }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let script = work.appendingPathComponent("layout.py")
        try Data(Self.layoutScript.utf8).write(to: script)
        let transcriptFile = artifacts.appendingPathComponent("dashboard-layout.log")

        let status = try await Self.run(
            [
                "python3", script.path, server.baseURL.absoluteString + "/__local/dashboard", artifacts.path,
                server.baseURL.absoluteString + "/__local/dashboard/organizations/\(busy.id)",
            ]
                + Self.layoutWidths.map(String.init),
            output: transcriptFile)
        let transcript = (try? String(contentsOf: transcriptFile, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(transcript)")
        for width in Self.layoutWidths {
            #expect(transcript.contains("\(width) px: nothing overflows"), "\(transcript)")
            #expect(transcript.contains("\(width) px organization: nothing overflows"), "\(transcript)")
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

        url, artifacts, organization_url = sys.argv[1:4]
        widths = [int(width) for width in sys.argv[4:]]
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
        // A cell outside its card is cut off; an address squeezed narrower than 80 px reads a few characters a line.
        for (const td of document.querySelectorAll("section td")) {
            const card = td.closest("section").getBoundingClientRect();
            const own = td.getBoundingClientRect();
            if (own.left < card.left - 1 || own.right > card.right + 1) {
                problems.push("a cell of section#" + td.closest("section").id + " is cut off: " + JSON.stringify([own.left, own.right])
                    + " vs " + JSON.stringify([card.left, card.right]) + " (" + td.textContent.slice(0, 40) + ")");
            }
            if (td.classList.contains("id") && own.width < 80) {
                problems.push("an address or id in section#" + td.closest("section").id + " is " + Math.round(own.width)
                    + " px wide (" + td.textContent.slice(0, 40) + ")");
            }
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
                links: document.querySelectorAll("#inbox code.link").length,
                organizations: document.querySelectorAll("#organizations tr.organization").length,
                members: document.querySelectorAll("#members tr.member").length,
                invitations: document.querySelectorAll("#invitations tr.invitation").length, height: page.scrollHeight};
        """

        def measure(width, address, label, expected, screenshot):
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
            browser.get(address)
            found = browser.execute_script(MEASURE)
            assert expected(found), f"the {label} page lacks what it should show: " + str(found)
            for problem in found["problems"]:
                print(f"{width} px{label}: {problem}", flush=True)
            if not found["problems"]:
                print(f"{width} px{label}: nothing overflows ({found['buttons']} buttons checked)", flush=True)
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": found["height"], "deviceScaleFactor": 1, "mobile": False})
            path = os.path.join(artifacts, screenshot)
            browser.save_screenshot(path)
            print(f"{width} px{label}: screenshot {path}", flush=True)
            return bool(found["problems"])

        failed = False
        try:
            for width in widths:
                failed |= measure(width, url, "", lambda found: found["sessions"] == 20 and found["links"] == 13
                                  and found["buttons"] > 60 and found["organizations"] == 2, f"dashboard-{width}.png")
                failed |= measure(width, organization_url, " organization",
                                  lambda found: found["members"] == 22 and found["invitations"] == 3,
                                  f"dashboard-organization-{width}.png")
        finally:
            browser.quit()
        sys.exit(1 if failed else 0)
        """#
}
