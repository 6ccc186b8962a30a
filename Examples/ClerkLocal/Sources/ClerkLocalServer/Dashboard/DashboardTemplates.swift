import ClerkLocalCore
import Foundation
import Mustache

/// The dashboard's Mustache templates, read once from the target's resources. `{{name}}` escapes
/// HTML by Unicode scalar (`ScalarHTMLEscaping`), so every value a user typed is shown as text.
package enum DashboardTemplates {
    package static let library: Result<MustacheLibrary, any Error> = Result { try load() }

    package static func render(_ object: Any, template: String) throws -> String {
        guard let text = try library.get().render(object, withTemplate: template) else {
            throw LocalServerError(code: "template_missing", message: "the dashboard has no template named \(template)")
        }
        return text
    }

    private static func load() throws -> MustacheLibrary {
        guard let directory = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw LocalServerError(code: "template_missing", message: "the dashboard's templates are not in the bundle")
        }
        MustacheContentTypes.register(ScalarHTMLEscaping(), named: ScalarHTMLEscaping.name)
        var library = MustacheLibrary()
        for file in try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        where file.pathExtension == "mustache" {
            let text = try String(contentsOf: file, encoding: .utf8)
            // Partials start again from swift-mustache's own escaping, so each template must name ours.
            guard text.hasPrefix(ScalarHTMLEscaping.pragma) else {
                throw LocalServerError(code: "template_unsafe", message: "\(file.lastPathComponent) must start with \(ScalarHTMLEscaping.pragma)")
            }
            library.register(try MustacheTemplate(string: text), named: file.deletingPathExtension().lastPathComponent)
        }
        return library
    }
}
