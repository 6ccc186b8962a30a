/// How an endpoint's answer carries its resource.
public enum ResponseShape: String, Sendable, Hashable {
    /// `{"response": ..., "client": ...}`, the client possibly under `meta.client`.
    case enveloped
    /// The resource itself.
    case bare
}
