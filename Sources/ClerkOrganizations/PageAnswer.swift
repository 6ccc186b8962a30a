/// A generated page answer (`data` and `total_count`), read as a `Page` by one function.
protocol PageAnswer: Codable, Sendable, Hashable {
    associatedtype Item: Sendable & Hashable
    var data: [Item]? { get }
    var totalCount: Int? { get }
}

extension OrganizationMembershipPage: PageAnswer {}
extension OrganizationInvitationPage: PageAnswer {}
extension OrganizationSuggestionPage: PageAnswer {}
extension OrganizationDomainPage: PageAnswer {}
extension OrganizationMembershipRequestPage: PageAnswer {}
extension OrganizationRolePage: PageAnswer {}

extension AccountHandle {
    /// Sends a list request and reads its answer as a page.
    func readPage<Endpoint: APIEndpoint, Answer: PageAnswer>(_ endpoint: Endpoint) async throws(ClerkError) -> Page<Answer.Item>
    where Endpoint.Response == ClientEnvelope<Answer, ClientResource> {
        let answer = try await send(endpoint).response
        return Page(answer.data, total: answer.totalCount)
    }
}
