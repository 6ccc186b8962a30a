import ClerkLocalCore
import Hummingbird

/// Registers routes on the router and remembers their methods, so that once all are in, the other
/// methods on those paths answer 405 with an `Allow` header rather than the router's 404.
package final class MethodAwareRouter: RouterMethods {
    package typealias Context = LocalRequestContext

    private let router: Router<LocalRequestContext>
    private var registered: [(path: RouterPath, methods: [HTTPRequest.Method])] = []

    package init(_ router: Router<LocalRequestContext>) {
        self.router = router
    }

    @discardableResult
    package func on<Responder: HTTPResponder>(
        _ path: RouterPath, method: HTTPRequest.Method, responder: Responder
    ) -> Self where Responder.Context == Context {
        router.on(path, method: method, responder: responder)
        if let index = registered.firstIndex(where: { $0.path.description == path.description }) {
            registered[index].methods.append(method)
        } else {
            registered.append((path, [method]))
        }
        return self
    }

    @discardableResult
    package func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        router.add(middleware: middleware)
        return self
    }

    /// Adds the 405 answers; call after the last route.
    package func answerOtherMethods() {
        let candidates: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete]
        for (path, methods) in registered {
            let allow = methods.map(\.rawValue).joined(separator: ", ")
            for method in candidates where !methods.contains(method) && !(method == .head && methods.contains(.get)) {
                router.on(path, method: method) { _, _ in
                    var response = WireResponses.error(ErrorEnvelopeMiddleware.frontendError(for: .methodNotAllowed), client: nil, clientToken: nil)
                    response.headers[.allow] = allow
                    return response
                }
            }
        }
    }
}
