import Clerk
import ClerkTicket

// Flow 50 — "Build a custom flow for user impersonation". Elizabeth works in support; Mildred, a
// customer, reports a problem only her account shows. The app's backend mints an actor token
// (Backend API `POST /actor_tokens`: Mildred is the user, Elizabeth the actor); the support app
// signs in with it as a ticket, in one request, and shows who is acting as whom. The backend reads
// the session token's `act` claim to know an impersonator is at work. The token works once.
extension ExampleFlow {
    static let mildred = Persona(
        name: "Mildred", emailAddress: "mildred.dresselhaus@example.com", password: "carbon-nanotube-1958", account: .plain)
    static let elizabethFriedman = Persona(
        name: "Elizabeth", emailAddress: "elizabeth.friedman@example.com", password: "riverbank-cipher-1917", account: .plain)

    public static let userImpersonation = ExampleFlow(
        number: 50, name: "user-impersonation", title: "Support signs in as a customer with an actor token",
        guide: .userImpersonation, preset: .emailPassword, people: [mildred, elizabethFriedman],
        needs: [.secretKey(purpose: "mint an actor token, as a backend does")]
    ) { app in
        guard let customer = app.person(mildred).emailAddress, let support = app.person(elizabethFriedman).emailAddress else {
            throw ExampleFailure("Mildred and Elizabeth need email addresses")
        }
        let device = app.newDevice()
        let driver = FlowDriver(client: device, registry: try FactorRegistry([]), answers: app.answers(for: mildred), onEvent: app.events)

        app.phase("Elizabeth asks the app's backend to act as Mildred; it mints an actor token")
        let minted = try await app.mintActorToken(for: customer, actorEmailAddress: support, sessionMaxDurationSeconds: 600)
        let ticket = try Ticket(SecretString(minted.token))

        app.phase("The support app signs in with the token as a ticket; it shows who acts as whom")
        let session = try await driver.signIn(ticket: ticket)
        app.signedIn(session)
        try app.check(session.actor?.userID == minted.actorID, "the session names Elizabeth as its actor")
        app.note("the app shows a banner: \(support) is acting as \(customer)")
        let token = try await device.sessionToken()
        try app.check(token.actor?.userID == minted.actorID, "the session token carries the act claim")

        app.phase("The app's backend verifies the session token and reads who acts")
        let verified = try await app.callBackend(from: device)
        try app.check(verified.actorID == minted.actorID, "the backend knows an impersonator is at work (act.sub)")

        app.phase("The same token again, on another device: refused, it works once")
        var refusal: ClerkError?
        do {
            _ = try await app.newDevice().signIn(ticket: ticket)
        } catch let error as ClerkError {
            refusal = error
        }
        try app.check(refusal?.hasCode(.actorTokenAlreadyUsedCode) == true, "a used actor token was refused (actor_token_already_used_code)")
    }
}
