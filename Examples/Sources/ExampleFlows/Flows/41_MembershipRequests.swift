import Clerk
import ClerkEmailCode
import ClerkOrganizations
import ClerkPassword

// Flow 41 — "Build a custom flow for managing membership requests". Jean creates Cobol Labs and adds
// its email domain in `automatic_suggestion` mode; she proves she belongs to it with the code emailed
// to her address there, which verifies it. Kenneth and Dennis sign up with addresses at that domain: each
// is suggested the organization and accepts the suggestion, which asks to join. Jean lists the
// pending requests, accepts Kenneth's (he is a member) and rejects Dennis's. Last, she deletes the
// organization, its domain and its requests with it, so that another run can claim the domain again.
extension ExampleFlow {
    static let jeanSammet = Persona(name: "Jean", emailAddress: "jean.sammet@example.com", password: "cobol-codasyl-committee-1959", account: .plain)
    /// Jean's address at the domain, as its own mailbox: the affiliation code is read there.
    static let jeanAtCobolLabs = Persona(name: "Jean at Cobol Labs", emailAddress: "jean@cobol-labs.example")
    static let kenThompson = Persona(name: "Kenneth", emailAddress: "ken.thompson@cobol-labs.example", password: "unix-pdp-seven-1969")
    static let dennisRitchie = Persona(name: "Dennis", emailAddress: "dennis.ritchie@cobol-labs.example", password: "c-language-bell-labs-1972")

    public static let membershipRequests = ExampleFlow(
        number: 41, name: "membership-requests", title: "Verified domain suggestions: users ask to join, an admin accepts or rejects",
        guide: .manageMembershipRequests, preset: .emailPassword,
        adjust: {
            $0.clientTrust = false
            $0.organizations.domainsEnabled = true
        },
        people: [jeanSammet, jeanAtCobolLabs, kenThompson, dennisRitchie],
        needs: [.firstFactor(.password), .organizationDomains(enrollmentMode: "automatic_suggestion")]
    ) { app in
        let jeansDevice = app.newDevice()

        app.phase("Jean signs in, creates Cobol Labs and adds its domain, suggested to the users who have an address there")
        app.signedIn(
            try await FlowDriver(
                client: jeansDevice, registry: try FactorRegistry([PasswordStrategy()]), answers: app.answers(for: jeanSammet), onEvent: app.events
            ).signIn())
        let organization = try await jeansDevice.account().createOrganization(name: "Cobol Labs")
        guard let address = app.person(jeanAtCobolLabs).emailAddress, let at = address.firstIndex(of: "@") else {
            throw ExampleFailure("Jean's address at the domain is missing")
        }
        let domainName = String(address[address.index(after: at)...])
        let domain = try await organization.addDomain(domainName, enrollmentMode: .automaticSuggestion)
        try app.check(domain.affiliationVerification?.status != "verified", "the domain starts unverified")

        app.phase("Jean proves she belongs to the domain: the code emailed to her address there verifies it")
        _ = try await organization.prepareDomainAffiliation(domainID: domain.id, emailAddress: address)
        let verified = try await enterCode(
            CodePrompt(stage: .signUpVerification, strategy: .emailCode, sentTo: address), app.answers(for: jeanAtCobolLabs)
        ) { code in
            try await organization.attemptDomainAffiliation(domainID: domain.id, code: code)
        }
        try app.check(verified.affiliationVerification?.status == "verified", "the code verified the domain")

        app.phase("Kenneth and Dennis sign up at the domain; each accepts the suggestion, which asks to join")
        var requesters: [(userID: String?, account: AccountHandle)] = []
        for persona in [kenThompson, dennisRitchie] {
            let device = app.newDevice()
            let session = try await FlowDriver(
                client: device, registry: try FactorRegistry([EmailCodeStrategy(stages: [.signUpVerification])]),
                answers: app.answers(for: persona), onEvent: app.events
            ).signUp(app.person(persona).signUpDetails)
            app.signedIn(session)
            let account = try await device.account()
            let suggestions = try await account.organizationSuggestions(status: "pending")
            guard let suggestion = suggestions.items.first(where: { $0.publicOrganizationData?.id == organization.organizationID }) else {
                throw ExampleFailure("\(persona.name) was not suggested Cobol Labs")
            }
            let accepted = try await account.acceptOrganizationSuggestion(suggestion.id)
            try app.check(accepted.status == "accepted", "\(persona.name) accepted the suggestion")
            requesters.append((session.session.user?.id, account))
        }

        app.phase("Jean lists the pending requests, accepts Kenneth's and rejects Dennis's")
        let pending = try await organization.membershipRequests(status: "pending")
        try app.check(pending.totalCount == 2, "two requests are pending")
        let (kennethsUserID, kennethsAccount) = requesters[0]
        guard let kennethsRequest = pending.items.first(where: { $0.publicUserData?.userID == kennethsUserID }),
            let dennissRequest = pending.items.first(where: { $0.publicUserData?.userID == requesters[1].userID })
        else { throw ExampleFailure("the requests do not name Kenneth and Dennis") }
        let accepted = try await organization.acceptMembershipRequest(kennethsRequest.id)
        try app.check(accepted.status == "accepted", "Kenneth's request is accepted")
        let rejected = try await organization.rejectMembershipRequest(dennissRequest.id)
        try app.check(rejected.status == "rejected", "Dennis's request is rejected")
        let memberships = try await kennethsAccount.organizationMemberships()
        try app.check(memberships.items.map(\.organization.id) == [organization.organizationID], "Kenneth is a member of Cobol Labs")

        app.phase("Jean deletes the organization: its domain and requests go with it")
        try await organization.delete()
    }
}
