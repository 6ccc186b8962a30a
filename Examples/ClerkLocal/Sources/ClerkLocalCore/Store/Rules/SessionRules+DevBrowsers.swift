import Foundation

/// Development browsers, as on a Clerk development instance: `POST /v1/dev_browser` gives a browser
/// a token that it sends with every request (`__clerk_db_jwt`), and that token finds its client as
/// `Authorization` finds a native one.
extension SessionRules {
    /// `POST /v1/dev_browser`: a new browser and its empty client. The token is opaque, `dvb_`
    /// and 27 random base-62 characters, as Clerk's are (not a JWT, whatever the parameter's name);
    /// the request's own client or browser, if any, is left as it was.
    package mutating func createDevBrowser(_ meta: RequestMeta) throws(FrontendError) -> String {
        try admit(RequestMeta(remoteAddress: meta.remoteAddress))
        var client = ClientRecord.new(now: now)
        let token = SecureRandom.identifier(prefix: "dvb")
        client.devBrowserToken = token
        store(client)
        return token
    }
}
