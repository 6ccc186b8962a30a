import ClerkAPI

/// The environment's settings of features the local server does not offer: all off.
extension EnvironmentPresenter {
    var organizationSettings: OrganizationSettings {
        OrganizationSettings(
            enabled: false, maxAllowedMemberships: 5, actions: OrganizationActionsSettings(adminDelete: true),
            domains: OrganizationDomainsSettings(enabled: false, enrollmentModes: [], defaultRole: "org:member"),
            slug: OrganizationSlugSettings(disabled: false), creatorRole: "org:admin")
    }

    var fraudSettings: FraudSettings {
        FraudSettings(native: FraudNativeSettings(deviceAttestationMode: "disabled"))
    }

    var commerceSettings: CommerceSettings {
        let none = BillingPayerSettings(enabled: false, hasPaidPlans: false)
        return CommerceSettings(
            billing: BillingSettings(freeTrialRequiresPaymentMethod: false, user: none, organization: none))
    }

    var apiKeysSettings: APIKeysSettings {
        APIKeysSettings(enabled: false, userAPIKeysEnabled: false, orgsAPIKeysEnabled: false)
    }
}
