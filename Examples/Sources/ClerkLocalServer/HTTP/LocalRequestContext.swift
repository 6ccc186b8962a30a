import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the peer address, which keys the rate
/// limit of requests made before a client exists.
struct LocalRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// Form bodies of the Frontend API are small; anything larger is refused with 413.
    var maxUploadSize: Int { 64 * 1024 }
}
