import ClerkAPI
import Foundation

/// An organization's email domains (`/v1/organizations/{id}/domains`): members with
/// `org:sys_domains:read` list and read them, those with `org:sys_domains:manage` add, remove and
/// verify them and change their enrollment mode. All of it needs domains on in the instance's
/// organization settings.
extension OrganizationDomainRules {
    /// `POST …/domains`: a new, unverified domain (`manual_invitation` unless named).
    package mutating func addDomain(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, name: String?, enrollmentMode: String?
    ) throws(FrontendError) -> StoreAnswer<DomainView> {
        let (caller, organization) = try domainCaller(meta, sessionID: sessionID, organizationID: organizationID, needs: "org:sys_domains:manage")
        let name = try Self.domainName(name)
        let mode = try requireEnrollmentMode(enrollmentMode ?? "manual_invitation")
        if Self.commonEmailProviders.contains(name) { throw FrontendError(.organizationDomainCommon, paramName: "name") }
        let existing = organizationBook.domains(named: name)
        if existing.contains(where: { $0.organizationID == organizationID }) {
            throw FrontendError(.organizationDomainAlreadyExistsSameOrganization, paramName: "name")
        }
        if existing.contains(where: \.isVerified) { throw FrontendError(.organizationDomainAlreadyExists, paramName: "name") }
        let record = OrganizationDomainRecord(
            id: SecureRandom.identifier(prefix: "orgdmn"), organizationID: organizationID, name: name, enrollmentMode: mode,
            affiliationEmailAddress: nil, affiliation: nil, verifiedAt: nil, createdAt: now, updatedAt: now)
        organizationBook.domains[record.id] = record
        return answer(domainView(record, organization: organization), caller)
    }

    /// `GET …/domains`: oldest first; `verified` and `enrollment_mode` filter.
    package mutating func listDomains(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, verified: Bool?, enrollmentMode: String?, page: PageRequest
    ) throws(FrontendError) -> StoreAnswer<ListPage<DomainView>> {
        let (caller, organization) = try domainCaller(meta, sessionID: sessionID, organizationID: organizationID, needs: "org:sys_domains:read")
        let found = organizationBook.domains(of: organizationID).filter {
            (verified == nil || $0.isVerified == verified) && (enrollmentMode == nil || $0.enrollmentMode == enrollmentMode)
        }
        let listed = page.page(found)
        return answer(ListPage(items: listed.items.map { domainView($0, organization: organization) }, total: listed.total), caller)
    }

    /// `GET …/domains/{domain_id}`.
    package mutating func readDomain(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, domainID: String
    ) throws(FrontendError) -> StoreAnswer<DomainView> {
        let (caller, organization) = try domainCaller(meta, sessionID: sessionID, organizationID: organizationID, needs: "org:sys_domains:read")
        return answer(domainView(try domain(domainID, of: organizationID), organization: organization), caller)
    }

    /// `DELETE …/domains/{domain_id}`: its pending suggestions go, its pending invitations are revoked.
    package mutating func removeDomain(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, domainID: String
    ) throws(FrontendError) -> StoreAnswer<DeletedResource> {
        let (caller, _) = try domainCaller(meta, sessionID: sessionID, organizationID: organizationID, needs: "org:sys_domains:manage")
        let record = try domain(domainID, of: organizationID)
        withdrawPendingEnrollments(of: record)
        organizationBook.domains[record.id] = nil
        return answer(DeletedResource(object: "organization_domain", id: record.id, slug: nil), caller)
    }

    /// `POST …/domains/{domain_id}/update_enrollment_mode`: `delete_pending` also withdraws what the
    /// previous mode made; a verified domain enrols its users in the new mode at once.
    package mutating func updateEnrollmentMode(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, domainID: String, enrollmentMode: String?, deletePending: Bool
    ) throws(FrontendError) -> StoreAnswer<DomainView> {
        let (caller, organization) = try domainCaller(meta, sessionID: sessionID, organizationID: organizationID, needs: "org:sys_domains:manage")
        var record = try domain(domainID, of: organizationID)
        guard let enrollmentMode, !enrollmentMode.isEmpty else { throw .missing("enrollment_mode") }
        let mode = try requireEnrollmentMode(enrollmentMode)
        if deletePending { withdrawPendingEnrollments(of: record) }
        record.enrollmentMode = mode
        record.updatedAt = now
        organizationBook.domains[record.id] = record
        enrollVerifiedUsers(of: record)
        return answer(domainView(record, organization: organization), caller)
    }

    /// `POST …/domains/{domain_id}/prepare_affiliation_verification`: emails a code to an address
    /// at the domain.
    package mutating func prepareAffiliation(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, domainID: String, emailAddress: String?
    ) throws(FrontendError) -> StoreAnswer<DomainView> {
        let (caller, organization) = try domainCaller(meta, sessionID: sessionID, organizationID: organizationID, needs: "org:sys_domains:manage")
        var record = try domain(domainID, of: organizationID)
        guard let emailAddress, !emailAddress.isEmpty else { throw .missing("affiliation_email_address") }
        let address = IdentifierFormat.normalizedEmail(emailAddress)
        guard IdentifierFormat.isValidEmail(address) else { throw .invalidEmail("affiliation_email_address") }
        guard Self.domainPart(of: address) == record.name else {
            throw FrontendError(.organizationDomainMismatch, paramName: "affiliation_email_address")
        }
        guard !record.isVerified else { throw FrontendError(.verificationAlreadyVerified) }
        if let previous = record.affiliation, previous.destination == address, previous.status(now: now) == .unverified,
            let wait = previous.resendWait(now: now, settings: settings.codes)
        {
            throw .codeTooManyRequests(retryAfter: wait)
        }
        record.affiliationEmailAddress = address
        record.affiliation = issueCode(to: address, channel: .email, purpose: "organization_domain_affiliation", deliver: true)
        record.updatedAt = now
        organizationBook.domains[record.id] = record
        return answer(domainView(record, organization: organization), caller)
    }

    /// `POST …/domains/{domain_id}/attempt_affiliation_verification`: the right code verifies the
    /// domain, and its users are enrolled as its mode says. A wrong code counts towards the
    /// attempts limit (kept, as Clerk counts it); past it the verification has failed.
    package mutating func attemptAffiliation(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, domainID: String, code: String?
    ) throws(FrontendError) -> StoreAnswer<DomainView> {
        let (caller, organization) = try domainCaller(meta, sessionID: sessionID, organizationID: organizationID, needs: "org:sys_domains:manage")
        var record = try domain(domainID, of: organizationID)
        guard let code, !code.isEmpty else { throw .missing("code") }
        guard !record.isVerified else { throw FrontendError(.verificationAlreadyVerified) }
        guard var challenge = record.affiliation else { throw FrontendError(.verificationNotSent) }
        if organizationBook.domains(named: record.name).contains(where: { $0.isVerified && $0.id != record.id }) {
            throw FrontendError(.organizationDomainAlreadyExists, paramName: "name")
        }
        let outcome = challenge.attempt(code, now: now, settings: settings.codes)
        record.affiliation = challenge
        record.updatedAt = now
        if outcome == .verified { record.verifiedAt = now }
        organizationBook.domains[record.id] = record
        guard outcome == .verified else { throw codeFailure(outcome) }
        enrollVerifiedUsers(of: record)
        return answer(domainView(record, organization: organization), caller)
    }

    // MARK: Checks

    /// The caller, with `permission` in the organization, when the instance has domains on.
    private mutating func domainCaller(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, needs permission: String
    ) throws(FrontendError) -> (OrganizationCaller, OrganizationRecord) {
        let caller = try caller(meta, sessionID: sessionID, mutation: permission.hasSuffix(":manage"))
        try requireDomainsEnabled()
        let (organization, _) = try membership(of: caller, in: organizationID, needs: permission)
        return (caller, organization)
    }

    func requireDomainsEnabled() throws(FrontendError) {
        guard organizationSettings.domainsEnabled else { throw FrontendError(.organizationDomainsNotEnabled) }
    }

    private func domain(_ domainID: String, of organizationID: String) throws(FrontendError) -> OrganizationDomainRecord {
        guard let record = organizationBook.domains[domainID], record.organizationID == organizationID else {
            throw .notFound("OrganizationDomainNotFound", parameter: "domain_id")
        }
        return record
    }

    /// One of Clerk's modes, and one the instance allows.
    private func requireEnrollmentMode(_ mode: String) throws(FrontendError) -> String {
        guard OrganizationSettingsModel.enrollmentModeNames.contains(mode) else { throw .invalidValue("enrollment_mode", mode) }
        guard organizationSettings.enrollmentModes.contains(mode) else {
            throw FrontendError(
                .organizationDomainEnrollmentModeNotEnabled,
                longMessage: "Enrollment mode \(mode) is not enabled for this instances's organizations.")
        }
        return mode
    }

    /// Lower-cased; labels of letters, digits and inner hyphens; at least two, the last not all digits.
    static func domainName(_ name: String?) throws(FrontendError) -> String {
        let name = (name ?? "").trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !name.isEmpty else { throw .missing("name") }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            name.utf8.count <= 253 && labels.count >= 2
            && labels.allSatisfy { label in
                (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                    && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            } && !(labels.last?.allSatisfy(\.isNumber) ?? true)
        guard valid else { throw .invalidFormat("name", longMessage: "name must be a valid domain name.") }
        return name
    }

    static func domainPart(of address: String) -> String {
        address.split(separator: "@").last.map(String.init) ?? ""
    }

    /// Well-known public email providers, whose domains no organization may claim.
    static let commonEmailProviders: Set<String> = [
        "gmail.com", "googlemail.com", "yahoo.com", "ymail.com", "hotmail.com", "outlook.com", "live.com", "msn.com", "icloud.com",
        "me.com", "mac.com", "aol.com", "proton.me", "protonmail.com", "gmx.com", "gmx.net", "mail.com", "yandex.com", "zoho.com",
    ]
}
