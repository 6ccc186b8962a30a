extension OrganizationHandle {
    /// Adds an email domain (`POST /v1/organizations/{organization_id}/domains {name, enrollment_mode}`).
    /// It starts unverified: verify the admin's affiliation with `prepareDomainAffiliation` and
    /// `attemptDomainAffiliation` before users of the domain are invited or suggested.
    public func addDomain(_ name: String, enrollmentMode: OrganizationDomainEnrollmentMode? = nil) async throws(ClerkError) -> OrganizationDomain {
        let body = CreateOrganizationDomainRequest.Body(name: name, enrollmentMode: enrollmentMode)
        return try await account.send(CreateOrganizationDomainRequest(organizationID: organizationID, clerkSessionID: sessionID, body: body)).response
    }

    /// The domains, optionally only verified (or unverified) ones and only of one mode
    /// (`GET /v1/organizations/{organization_id}/domains`).
    public func domains(
        verified: Bool? = nil, enrollmentMode: OrganizationDomainEnrollmentMode? = nil, _ page: PageRequest = PageRequest()
    ) async throws(ClerkError) -> Page<OrganizationDomain> {
        let request = ListOrganizationDomainsRequest(
            organizationID: organizationID, clerkSessionID: sessionID, limit: page.limit, offset: page.offset,
            verified: verified, enrollmentMode: enrollmentMode)
        return try await account.readPage(request)
    }

    /// One domain (`GET /v1/organizations/{organization_id}/domains/{domain_id}`).
    public func domain(_ domainID: String) async throws(ClerkError) -> OrganizationDomain {
        try await account.send(GetOrganizationDomainRequest(organizationID: organizationID, domainID: domainID, clerkSessionID: sessionID)).response
    }

    /// Removes a domain (`DELETE /v1/organizations/{organization_id}/domains/{domain_id}`).
    @discardableResult
    public func removeDomain(_ domainID: String) async throws(ClerkError) -> DeletedObject {
        try await account.send(DeleteOrganizationDomainRequest(organizationID: organizationID, domainID: domainID, clerkSessionID: sessionID)).response
    }

    /// Changes how users of a domain join (`POST …/domains/{domain_id}/update_enrollment_mode
    /// {enrollment_mode, delete_pending}`); `deletePending` also deletes the pending invitations
    /// or suggestions the previous mode made.
    public func updateEnrollmentMode(
        domainID: String, to mode: OrganizationDomainEnrollmentMode, deletePending: Bool? = nil
    ) async throws(ClerkError) -> OrganizationDomain {
        let body = UpdateOrganizationDomainEnrollmentModeRequest.Body(enrollmentMode: mode, deletePending: deletePending)
        let request = UpdateOrganizationDomainEnrollmentModeRequest(organizationID: organizationID, domainID: domainID, clerkSessionID: sessionID, body: body)
        return try await account.send(request).response
    }

    /// Sends a code to `emailAddress`, an address of the domain, to prove the admin's affiliation
    /// with it (`POST …/domains/{domain_id}/prepare_affiliation_verification {affiliation_email_address}`).
    public func prepareDomainAffiliation(domainID: String, emailAddress: String) async throws(ClerkError) -> OrganizationDomain {
        let body = PrepareOrganizationDomainAffiliationRequest.Body(affiliationEmailAddress: emailAddress)
        let request = PrepareOrganizationDomainAffiliationRequest(organizationID: organizationID, domainID: domainID, clerkSessionID: sessionID, body: body)
        return try await account.send(request).response
    }

    /// Verifies the domain with the code from that email (`POST …/domains/{domain_id}/attempt_affiliation_verification {code}`,
    /// never retried: a code attempt is spent). The answer's `affiliationVerification` says `verified`.
    public func attemptDomainAffiliation(domainID: String, code: SecretString) async throws(ClerkError) -> OrganizationDomain {
        let body = AttemptOrganizationDomainAffiliationRequest.Body(code: code.revealed)
        let request = AttemptOrganizationDomainAffiliationRequest(organizationID: organizationID, domainID: domainID, clerkSessionID: sessionID, body: body)
        return try await account.send(request).response
    }
}
