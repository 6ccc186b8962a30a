import ClerkAPI
import ClerkLocalCore

/// The environment's organization settings from the instance's, and the settings of features the
/// local server does not offer: all off.
extension EnvironmentPresenter {
    package var organizationSettings: OrganizationSettings {
        let organizations = settings.organizations
        return OrganizationSettings(
            enabled: organizations.enabled, maxAllowedMemberships: organizations.maxAllowedMemberships,
            actions: OrganizationActionsSettings(adminDelete: organizations.adminDeleteEnabled),
            domains: OrganizationDomainsSettings(
                enabled: organizations.domainsEnabled, enrollmentModes: organizations.domainsEnabled ? organizations.enrollmentModes : [],
                defaultRole: organizations.defaultRole),
            slug: OrganizationSlugSettings(disabled: organizations.slugDisabled), creatorRole: organizations.creatorRole)
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
