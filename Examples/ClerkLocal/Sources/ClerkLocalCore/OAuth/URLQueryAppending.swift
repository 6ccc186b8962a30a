import Foundation

package enum URLQueryAppending {
    /// `url` with `items` after the query it already has (unchanged when it is not a URL).
    package static func appending(_ items: [URLQueryItem], to url: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        components.queryItems = (components.queryItems ?? []) + items
        return components.string ?? url
    }
}
