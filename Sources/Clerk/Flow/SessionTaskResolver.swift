/// Resolves a finalized session's `setup-mfa`, `reset-password` and `choose-organization` tasks for a `FlowDriver`: asks
/// its questions, sends through its client and reports to its events.
struct SessionTaskResolver {
    let driver: FlowDriver

    /// Reports the finalized session, then resolves its `setup-mfa`, `reset-password` and
    /// `choose-organization` tasks one at a time until it is active. A session left with a task
    /// the driver cannot resolve (`setup-mfa` with no `SecondFactorSetup` strategy registered)
    /// is returned pending, its tasks reported as `.sessionTasks`, for the app to resolve with
    /// the account API. `.startOver` at a task signs out of the pending session.
    func settle(_ finalized: ActiveSession) async throws(ClerkError) -> FlowDriver.Outcome {
        driver.finish(finalized)
        var current = finalized
        var resolvedAny = false
        while current.status == .pending, let task = current.currentTask,
            task.key == .resetPassword || task.key == .chooseOrganization || (task.key == .setupMFA && !setupMethods.isEmpty)
        {
            driver.onEvent(.sessionTaskStarted(task.key))
            let account = AccountHandle(client: driver.client, sessionID: current.id)
            let done =
                switch task.key {
                case .setupMFA: try await setUpSecondFactor(account)
                case .chooseOrganization: try await chooseOrganization(account, for: current.session)
                default: try await setNewPassword(account)
                }
            guard done else {
                try await driver.client.signOut(sessionID: current.id)
                return .startOver
            }
            driver.onEvent(.sessionTaskCompleted(task.key))
            current = try await afterTask(task.key, of: current)
            resolvedAny = true
        }
        if resolvedAny { driver.finish(current) }
        return .finished(current)
    }

    /// The `setup-mfa` task: the user chooses among the registered `SecondFactorSetup`
    /// strategies at `.secondFactor` or `.secondFactorSetup` (asked only when there are several),
    /// sets it up, and sees any backup codes.
    /// - Returns: false when the user asked to start over.
    private func setUpSecondFactor(_ account: AccountHandle) async throws(ClerkError) -> Bool {
        let methods = setupMethods
        guard var chosen = methods.first else {
            throw .flow(.noApplicableStrategy(stage: .secondFactorSetup, supported: []))
        }
        if methods.count > 1 {
            let question = FlowQuestion.chooseSecondFactorSetup(options: methods.map(\.strategy))
            switch try await driver.ask(question) {
            case .secondFactor(let wanted):
                guard let match = methods.first(where: { $0.strategy == wanted }) else {
                    throw driver.unexpected(.secondFactor(wanted), for: question)
                }
                chosen = match
            case .startOver:
                return false
            case let other:
                throw driver.unexpected(other, for: question)
            }
        }
        driver.onEvent(.factorChosen(strategy: chosen.strategy, stage: .secondFactorSetup))
        switch try await chosen.setUp(SecondFactorSetupContext(account: account, driver: driver)) {
        case .startOver:
            return false
        case .enabled(let backupCodes):
            var shown = 0
            if let backupCodes, !backupCodes.codes.isEmpty {
                let question = FlowQuestion.backupCodes(backupCodes)
                let answer = try await driver.ask(question)
                guard answer == .acknowledged else { throw driver.unexpected(answer, for: question) }
                shown = backupCodes.codes.count
            }
            driver.onEvent(.secondFactorEnabled(chosen.strategy, backupCodes: shown))
            return true
        }
    }

    /// The registered strategies that can set up a second factor, in registration order, the
    /// first of each strategy value.
    var setupMethods: [any SecondFactorSetup] {
        var methods: [any SecondFactorSetup] = []
        for case let method as any SecondFactorSetup in driver.registry.all
        where !method.stages.isDisjoint(with: [.secondFactor, .secondFactorSetup]) && !methods.contains(where: { $0.strategy == method.strategy }) {
            methods.append(method)
        }
        return methods
    }

    /// The `reset-password` task: a new password through `POST /v1/me/change_password`
    /// (no current password is needed for the task).
    /// - Returns: false when the user asked to start over.
    private func setNewPassword(_ account: AccountHandle) async throws(ClerkError) -> Bool {
        let step = try await driver.secretLoop(
            expecting: .password,
            question: { _, refusal in .newPassword(retry: refusal) },
            submit: { (password) async throws(ClerkError) -> FlowDriver.Step<Bool> in
                let body = ChangePasswordRequest.Body(newPassword: password.revealed, signOutOfOtherSessions: driver.signOutOfOtherSessions)
                _ = try await account.send(ChangePasswordRequest(clerkSessionID: account.sessionID, body: body))
                return .next(true)
            })
        guard case .next = step else { return false }
        driver.onEvent(.passwordChanged)
        return true
    }

    /// The session after its task `key` was done. The answers that did it carry the client, so
    /// the session's new state is usually known without a request; when it still shows the task,
    /// a touch asks the API. An active session that is not the last active one is made so.
    /// - Throws: `ClerkError.flow(.unsupportedStatus)` when the API still lists the task.
    private func afterTask(_ key: SessionTaskKey, of session: ActiveSession) async throws(ClerkError) -> ActiveSession {
        let client = driver.client
        var latest = await client.sessions.first { $0.id == session.id } ?? session.session
        var neededRequest = session.neededRequest
        let stillOpen = { (candidate: Session) in candidate.status == .pending && candidate.tasks?.first?.key == key }
        if stillOpen(latest) {
            latest = try await client.send(TouchSessionRequest(sessionID: session.id)).response
            neededRequest = true
            if stillOpen(latest) {
                throw .flow(.unsupportedStatus("pending (the \(key.rawValue) task is still open after it was done)"))
            }
        }
        if latest.status == .active, await client.lastActiveSessionID != latest.id {
            let activated = try await client.activate(sessionID: latest.id)
            return ActiveSession(session: activated.session, neededRequest: true)
        }
        return ActiveSession(session: latest, neededRequest: neededRequest)
    }
}
