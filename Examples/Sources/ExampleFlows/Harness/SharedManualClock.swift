import ClerkLocalServer
import ClerkTesting

// One clock for the embedded server and the devices of a flow that moves time: the SDK's
// ManualClock, read by the server too.
extension ClerkTesting.ManualClock: ServerClock {}
