import Hummingbird
import Logging
import ServiceLifecycle

/// A Hummingbird application with one route and nothing else: it reads the form body and answers a
/// fixed JSON body of a chosen size. The floor the local server is compared with.
struct BareRoute: Sendable {
    let port: Int
    private let group: ServiceGroup
    private let run: Task<Void, any Error>

    static let path = "/bare?_is_native=true"

    static func start(answerBytes: Int) async throws -> BareRoute {
        var logger = Logger(label: "bare-route")
        logger.logLevel = .warning
        let answer = ByteBuffer(bytes: json(ofSize: answerBytes))
        let router = Router()
        router.post("/bare") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 64 * 1024)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: answer))
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: "bare"),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
        let run = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            try await run.value
            throw BenchmarkError("the bare route stopped before it was listening")
        }
        return BareRoute(port: port, group: group, run: run)
    }

    func shutdown() async {
        await group.triggerGracefulShutdown()
        _ = await run.result
    }

    /// `{"padding":"xxx…"}` of exactly `size` bytes (at least the 14 the wrapper takes).
    static func json(ofSize size: Int) -> [UInt8] {
        let wrapper = Array(#"{"padding":""}"#.utf8)
        let padding = [UInt8](repeating: UInt8(ascii: "x"), count: max(0, size - wrapper.count))
        return Array(wrapper.dropLast(2)) + padding + Array(wrapper.suffix(2))
    }
}
