import ClerkAPI
import ClerkLocalCore

/// The environment's settings of features the local server does not offer: all off.
extension EnvironmentPresenter {
    package var organizationSettings: OrganizationSettings {
        OrganizationSettings(
            enabled: false, maxAllowedMemberships: 5, actions: OrganizationActionsSettings(adminDelete: true),
            domains: OrganizationDomainsSettings(enabled: false, enrollmentModes: [], defaultRole: "org:member"),
            slug: OrganizationSlugSettings(disabled: false), creatorRole: "org:admin")
    }

    package var fraudSettings: FraudSettings {
        FraudSettings(native: FraudNativeSettings(deviceAttestationMode: "disabled"))
    }

    package var commerceSettings: CommerceSettings {
        let none = BillingPayerSettings(enabled: false, hasPaidPlans: false)
        return CommerceSettings(
            billing: BillingSettings(freeTrialRequiresPaymentMethod: false, user: none, organization: none))
    }

    package var apiKeysSettings: APIKeysSettings {
        APIKeysSettings(enabled: false, userAPIKeysEnabled: false, orgsAPIKeysEnabled: false)
    }
}
