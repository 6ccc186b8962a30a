/// Which error answers mean that a session, or the whole client, is gone.
enum SessionRefusal {
    /// Codes that mean the client has no session any more, whatever the request.
    static let clientGoneCodes: Set<ClerkErrorCode> = [.signedOut, .clientNotFound]
    /// Codes that mean the session a request was about is gone.
    static let sessionGoneCodes: Set<ClerkErrorCode> = [.authenticationInvalid, .signedOut, .clientNotFound]

    /// Why `error` means the session is gone, or nil when it does not. A request about one
    /// session (a token, a touch, a `/v1/me` call) also counts any 401 and, unless
    /// `notFoundMeansGone` is false (a request naming something else that may not exist, such as
    /// a token template), a 404 `resource_not_found`.
    static func reason(for error: ClerkError, sessionScoped: Bool, notFoundMeansGone: Bool = true) -> SessionEndReason? {
        guard case .api(let failure) = error else { return nil }
        let codes = Set(failure.errors.map(\.code))
        let gone: Bool
        if sessionScoped {
            gone =
                failure.httpStatus == 401 || !codes.isDisjoint(with: sessionGoneCodes)
                || (notFoundMeansGone && failure.httpStatus == 404 && codes.contains(.resourceNotFound))
        } else {
            gone = !codes.isDisjoint(with: clientGoneCodes)
        }
        guard gone else { return nil }
        let code =
            failure.errors.first { sessionGoneCodes.contains($0.code) || $0.code == .resourceNotFound }?.code
            ?? failure.errors.first?.code
        return .refused(code: code, httpStatus: failure.httpStatus)
    }
}
