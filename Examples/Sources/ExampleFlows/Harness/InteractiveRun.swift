extension ExampleRunner {
    /// Runs `flow` with a person at `options.terminal`. When it fails, shows why once (the field
    /// and Clerk's message for it) and asks whether to start the flow over, until it passes or
    /// the person says no.
    public static func runInteractively(_ flow: ExampleFlow, options: RunOptions) async -> FlowRunResult {
        guard let terminal = options.terminal else { return await run(flow, options: options) }
        let person = PersonConsole(terminal: terminal)
        while true {
            let result = await run(flow, options: options)
            if result.passed { return result }
            person.failure(result)
            guard (try? terminal.askYesNo("Start this flow over?", default: true)) == true else { return result }
        }
    }
}
