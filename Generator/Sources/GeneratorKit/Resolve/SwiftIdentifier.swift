/// A Swift name as Resolve decided it: the name itself and its spelling in source.
struct SwiftIdentifier: Sendable, Hashable {
    /// `default`: what mirrors and diagnostics show.
    var name: String
    /// `` `default` ``: keywords in backticks, as declarations and references spell it.
    var source: String
}
