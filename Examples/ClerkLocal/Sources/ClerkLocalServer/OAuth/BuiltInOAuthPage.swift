import ClerkLocalCore
import Foundation
import HTTPTypes
import Hummingbird

/// The built-in provider's authorize page (`oauth_authorize.mustache`): a link per test person,
/// a form for an address of one's own, and "Deny".
enum BuiltInOAuthPage {
    static func response(provider: IdentityTokenProvider, requestID: String, decidePath: String) throws -> Response {
        let request = requestID.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? requestID
        let people: [[String: Any]] = BuiltInOAuthProvider.people.map { person in
            let email = person.emailAddress.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            return [
                "name": [person.givenName, person.familyName].compactMap { $0 }.joined(separator: " "),
                "email": person.emailAddress,
                "href": "\(decidePath)?request=\(request)&email=\(email)",
            ]
        }
        let page: [String: Any] = [
            "provider": provider.title, "people": people, "action": decidePath, "request": requestID,
            "deny_href": "\(decidePath)?request=\(request)&deny=1",
        ]
        let body = try DashboardTemplates.render(page, template: "oauth_authorize")
        let headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .cacheControl: "no-store",
            .contentSecurityPolicy: "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
            HTTPField.Name("X-Frame-Options")!: "DENY",
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
