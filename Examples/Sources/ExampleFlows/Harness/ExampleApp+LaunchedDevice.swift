import Clerk

extension ExampleApp {
    /// A new device whose app read the instance's environment when it launched, as apps do (and
    /// keep it between launches): the flow driver knows what every sign-up needs before the
    /// flow's first request. That read belongs to the app's launch, not to the flow: it goes
    /// through a client of its own and is not counted.
    public func launchedDevice() async throws -> ClerkClient {
        let environment = try await ClerkClient(configuration: configuration).environment()
        let device = newDevice()
        await device.adoptEnvironment(environment)
        transcript.write(.note, "the app on this device read the environment at launch")
        return device
    }
}
