/// The settings as the admin API and the dashboard show them.
extension InstanceSettings {
    /// What stands in for a secret in shown settings.
    package static let redactedSecret = "********"

    /// These settings with every OAuth provider's and enterprise connection's `client_secret` replaced by ``redactedSecret``.
    /// Only for showing: the settings in effect and the persisted ones keep the secrets.
    package var redactedForDisplay: InstanceSettings {
        var shown = self
        shown.oauthProviders?.apple?.clientSecret = Self.redactedSecret
        shown.oauthProviders?.google?.clientSecret = Self.redactedSecret
        shown.enterpriseConnections = shown.enterpriseConnections?.map { connection in
            var shownConnection = connection
            shownConnection.oidc.clientSecret = Self.redactedSecret
            return shownConnection
        }
        return shown
    }
}
