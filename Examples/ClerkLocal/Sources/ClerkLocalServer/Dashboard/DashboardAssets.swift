import ClerkLocalCore
import Foundation

/// The page's script and style sheet, served as files so that the Content-Security-Policy allows
/// no inline script or style at all.
package enum DashboardAssets {
    package static let contentTypes = ["dashboard.js": "text/javascript; charset=utf-8", "dashboard.css": "text/css; charset=utf-8"]
    package static let files: [String: Data] = load()

    private static func load() -> [String: Data] {
        guard let directory = Bundle.module.url(forResource: "Assets", withExtension: nil) else { return [:] }
        var files: [String: Data] = [:]
        for name in contentTypes.keys {
            files[name] = try? Data(contentsOf: directory.appendingPathComponent(name))
        }
        return files
    }
}
