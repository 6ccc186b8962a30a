import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// A form the dashboard's page posted: read only when it carries the page's token, which a page of
/// another origin cannot read (`LocalAccess` has already required the server's own `Origin`).
package struct DashboardForm: Sendable {
    package static let tokenField = "token"
    package let fields: FormFields

    package static func read(_ request: Request, _ context: LocalRequestContext, core: ServerCore) async throws(FrontendError) -> DashboardForm {
        let form = DashboardForm(fields: try await RequestReading.form(request, context))
        guard let token = form[tokenField], ConstantTime.equals(token, core.dashboardToken) else {
            throw FrontendError(
                .resourceForbidden, status: 403, longMessage: "The dashboard's form token is missing or wrong: reload the dashboard and try again.")
        }
        return form
    }

    /// The field's first value, nil when absent or blank.
    package subscript(name: String) -> String? {
        let value = fields.values(named: name).first?.trimmingCharacters(in: .whitespacesAndNewlines)
        return value?.isEmpty == false ? value : nil
    }

    /// A checkbox: present when ticked.
    package func isChecked(_ name: String) -> Bool {
        self[name] != nil
    }

    /// The user to create, blank fields left out.
    package var seedUser: SeedUser {
        SeedUser(
            emailAddress: self["email_address"], phoneNumber: self["phone_number"], username: self["username"],
            password: fields.values(named: "password").first.flatMap { $0.isEmpty ? nil : $0 },
            firstName: self["first_name"], lastName: self["last_name"],
            generateTOTPSecret: isChecked("generate_totp_secret") ? true : nil,
            generateBackupCodes: isChecked("generate_backup_codes") ? true : nil,
            phoneSecondFactor: isChecked("phone_second_factor") ? true : nil)
    }
}
