import Clerk
import ClerkOrganizations
import ClerkPassword
import NIOConcurrencyHelpers

// Flow 46 — "Handle session tasks in a custom flow", the `choose-organization` task. The instance
// requires every user to act within an organization. Kathleen signs in: her session is pending
// with the task, the flow driver asks her to choose one (`FlowQuestion.chooseOrganization`); she
// belongs to none, so she names a new one, which the driver creates and makes active. Her session
// is then active and her token carries the organization.
extension ExampleFlow {
    static let kathleenBooth = Persona(name: "Kathleen", emailAddress: "kathleen.booth@example.com", password: "assembly-language-1947", account: .plain)

    public static let chooseOrganizationTask = ExampleFlow(
        number: 46, name: "choose-organization-task", title: "The choose-organization session task: an organization made at sign-in",
        guide: .sessionTasks, preset: .emailPassword,
        adjust: {
            $0.withInvoicePermissions()
            $0.organizations.forceOrganizationSelection = true
        },
        people: [kathleenBooth], needs: [.firstFactor(.password)]
    ) { app in
        let device = app.newDevice()
        let tasks = NIOLockedValueBox<[SessionTaskKey]>([])
        let onEvent = app.events
        let driver = FlowDriver(client: device, registry: try FactorRegistry([PasswordStrategy()]), answers: app.answers(for: kathleenBooth)) { event in
            if case .sessionTasks(let keys) = event { tasks.withLockedValue { $0 += keys } }
            onEvent(event)
        }

        app.phase("Kathleen signs in; her session waits for an organization, and she names a new one")
        let session = try await driver.signIn()
        app.signedIn(session)
        try app.check(tasks.withLockedValue { $0 } == [.chooseOrganization], "the sign-in left her session pending with choose-organization")
        try app.check(session.status == .active && session.tasks.isEmpty, "creating and choosing the organization made the session active")
        let claims = try await app.organizationClaims(of: device)
        try app.check(claims?.has(role: "org:admin") == true, "her token carries her new organization, as its admin")
        // On a separately started instance her account was made beforehand through a sign-up, whose session
        // had the same task and got her team then: she chooses it, with no creation.
        let requests = app.counter.total
        try app.check(
            requests == (app.server == nil ? 2 : 3),
            "the sign-in, the creation (when she belongs to none yet) and the choice: \(requests) requests")
    }
}
