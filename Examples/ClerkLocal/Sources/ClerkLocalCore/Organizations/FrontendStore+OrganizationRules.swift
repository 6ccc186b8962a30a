extension FrontendStore {
    /// The organization rules over the state for one call, for the HTTP layer's routes
    /// (`store[rules: OrganizationRules.self]`), as the generic accessor does for the core.
    package subscript(rules _: OrganizationRules.Type) -> OrganizationRules {
        get { OrganizationRules(state: state, operation: operationContext) }
        _modify {
            var rules = OrganizationRules(state: .placeholder, operation: operationContext)
            swap(&state, &rules.state)
            defer { swap(&state, &rules.state) }
            yield &rules
        }
    }
}
