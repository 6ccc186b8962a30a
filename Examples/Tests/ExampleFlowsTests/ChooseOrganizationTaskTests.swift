import Clerk
import ClerkLocalServer
import ClerkLocalTesting
import ClerkOrganizations
import ClerkPassword
import ExampleFlows
import Testing

/// The `choose-organization` session task of an instance that requires an organization, in clerk-local
/// and through the flow driver.
@Suite("The choose-organization session task")
struct ChooseOrganizationTaskTests {
    @Test("flow 46: the sign-in's session is pending with choose-organization; the driver creates one and makes it active")
    func flowResolvesTheTask() async {
        let result = await ExampleRunner.run(.chooseOrganizationTask)
        #expect(result.passed, result.failureComment)
        #expect(result.events.contains(.sessionTasks([.chooseOrganization])))
        #expect(result.events.contains(.sessionTaskCompleted(.chooseOrganization)))
        #expect(result.sessions.map(\.status) == ["active"])
        #expect(result.requests == 3)
    }

    @Test("a pending session may create an organization but change no other; only an organization chosen resolves the task")
    func pendingSessionRules() async throws {
        var settings = SettingsPreset.emailPassword.settings
        settings.clientTrust = false
        settings.organizations.forceOrganizationSelection = true
        try await withLocalFrontendAPI(settings: settings) { server in
            let password = "pending-organization-1946"
            _ = try await server.seedUser(SeedUser(emailAddress: "kay.mcnulty@example.com", password: password))
            let device = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let driver = FlowDriver(client: device, registry: try FactorRegistry([PasswordStrategy()])) { question -> FlowAnswer in
                switch question {
                case .identifier: return .identifier("kay.mcnulty@example.com")
                case .password: return .password(SecretString(password))
                default: throw ClerkError.unanswered(question)
                }
            }
            await #expect(throws: ClerkError.self) { _ = try await driver.signIn() }
            #expect(await device.activeSession?.status == .pending)
            #expect(await device.activeSession?.tasks?.map(\.key) == [.chooseOrganization])

            let account = try await device.account()
            let team = try await account.createOrganization(name: "ENIAC", slug: "eniac")
            let refusal = await #expect(throws: ClerkError.self) { _ = try await team.update(name: "ENIAC 2") }
            #expect(refusal?.hasCode(.invalidActionForSession) == true)

            #expect(try await device.setActive(organization: nil).status == .pending)
            let chosen = try await device.setActive(organization: team.organizationID)
            #expect(chosen.status == .active && chosen.activeOrganizationID == team.organizationID)
            #expect(try await team.update(name: "ENIAC 2").name == "ENIAC 2")
        }
    }
}
