/// What the organization rules share: finding the caller and the organization, the permission checks, the
/// views answers are made of. Three aggregates apply them: ``OrganizationRules`` (the Frontend API's
/// organizations, members and invitations), ``OrganizationDomainRules`` (domains, suggestions and membership
/// requests) and ``OrganizationBackendRules`` (the Backend API's organization calls).
package protocol OrganizationAggregate: InstanceRules {}

/// The Backend API's organizations, memberships and invitations: a backend acts with the secret key, so
/// no caller's permissions apply, only the organizations' own rules.
package struct OrganizationBackendRules: OrganizationAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

/// Verified domains, the enrollment they give (invitations or suggestions), and membership requests.
package struct OrganizationDomainRules: OrganizationAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}
