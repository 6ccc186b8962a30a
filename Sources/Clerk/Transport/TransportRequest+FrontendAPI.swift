import Foundation

extension TransportRequest {
    /// `endpoint` as a native client sends it to the Frontend API at `base`: `_is_native=true`,
    /// `clerk-api-version`, `x-mobile`, the raw client token in `Authorization`, and the body as a form
    /// (or an upload's own bytes).
    init<Endpoint: APIEndpoint>(frontendAPI endpoint: Endpoint, at base: URL, clientToken: String?) throws(ClerkError) {
        var query = FormFields()
        query.append("_is_native", "true")
        for item in endpoint.queryItems { query.append(item.name, item.value) }
        guard let url = URL(string: base.absoluteString + endpoint.path + "?" + query.percentEncoded()) else {
            throw .invalidInput(InvalidInput(field: "path", reason: "'\(endpoint.path)' does not form a URL"))
        }
        var headers: TransportHeaders = [
            "clerk-api-version": ClerkConfiguration.apiVersion,
            "x-mobile": "1",
        ]
        if let clientToken { headers.append(name: "Authorization", value: clientToken) }
        let fields = endpoint.body.formFields()
        var body: Data?
        if let upload = endpoint as? any UploadEndpoint {
            headers.append(name: "Content-Type", value: upload.uploadContentType)
            body = upload.uploadBody
        } else if Endpoint.method != .get && !(Endpoint.method == .delete && fields.isEmpty) {
            headers.append(name: "Content-Type", value: "application/x-www-form-urlencoded")
            body = Data(fields.percentEncoded().utf8)
        }
        self.init(method: Endpoint.method, url: url, headers: headers, body: body, mayRepeat: Endpoint.isSafeToRetry)
    }
}
