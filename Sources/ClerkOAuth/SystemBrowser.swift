import Foundation

/// Shows a page to the person at the computer: ``LoopbackRedirectSession``'s default way of presenting
/// the provider's page.
public enum SystemBrowser {
    /// Opens `url` in the system browser (`open` on macOS; `xdg-open` on Linux when a graphical session
    /// is there, `DISPLAY` or `WAYLAND_DISPLAY`), and writes the URL to standard error with a line
    /// saying what to do with it: the person can open it by hand, on this machine or another one, when
    /// no browser opened (a server over SSH, a container).
    public static func present(_ url: URL) async throws {
        let opened = open(url)
        let line =
            opened
            ? "Your browser has been asked to open the sign-in page. If it did not, open this URL:\n  \(url.absoluteString)\n"
            : "Open this URL in a browser to sign in:\n  \(url.absoluteString)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Asks the desktop to open `url` in the system browser, as ``present(_:)`` does, without writing
    /// anything; whether a program to open it was started (`false` with no graphical session, and on
    /// platforms other than Linux and macOS).
    @discardableResult
    public static func open(_ url: URL) -> Bool {
        open(url, environment: ProcessInfo.processInfo.environment)
    }

    static func open(_ url: URL, environment: [String: String]) -> Bool {
        #if os(Linux) || os(macOS)
            guard let opener = opener(environment: environment) else { return false }
            let process = Process()
            process.executableURL = opener
            process.arguments = [url.absoluteString]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
                return true
            } catch {
                return false
            }
        #else
            return false
        #endif
    }

    /// The program that opens URLs here, when there is one and a desktop to open them on.
    static func opener(environment: [String: String]) -> URL? {
        #if os(macOS)
            return URL(fileURLWithPath: "/usr/bin/open")
        #else
            let graphical = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
            guard graphical else { return nil }
            let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
            return directories.lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent("xdg-open") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        #endif
    }
}
