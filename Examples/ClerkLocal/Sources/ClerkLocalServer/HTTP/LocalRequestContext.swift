import ClerkLocalCore
import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the peer address, which keys the rate
/// limit of requests made before a client exists and tells loopback callers from others.
package struct LocalRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    package let remoteAddress: String
    /// The peer is a loopback address, or there is no socket at all (a request made in-process).
    package let peerIsLoopback: Bool

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        let address = source.channel.remoteAddress?.ipAddress
        remoteAddress = address ?? "unknown"
        peerIsLoopback = address.map(LoopbackAddress.isLoopback) ?? true
    }

    /// Form bodies of the Frontend API are small; anything larger is refused with 413.
    package var maxUploadSize: Int { 64 * 1024 }
}
