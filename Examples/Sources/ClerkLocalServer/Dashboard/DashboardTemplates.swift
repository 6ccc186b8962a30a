import Foundation
import Mustache

/// The dashboard's Mustache templates, read once from the target's resources. `{{name}}` escapes
/// HTML, so every value a user typed is shown as text.
enum DashboardTemplates {
    static let library: Result<MustacheLibrary, any Error> = Result { try load() }

    static func render(_ object: Any, template: String) throws -> String {
        guard let text = try library.get().render(object, withTemplate: template) else {
            throw LocalServerError(code: "template_missing", message: "the dashboard has no template named \(template)")
        }
        return text
    }

    private static func load() throws -> MustacheLibrary {
        guard let directory = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw LocalServerError(code: "template_missing", message: "the dashboard's templates are not in the bundle")
        }
        var library = MustacheLibrary()
        for file in try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        where file.pathExtension == "mustache" {
            library.register(try MustacheTemplate(string: String(contentsOf: file, encoding: .utf8)), named: file.deletingPathExtension().lastPathComponent)
        }
        return library
    }
}
