/// Round trips per documented flow: our SDK's transport count (`roundtrips.<flow>`, from
/// `Examples --json`) next to the Frontend API's minimum and Clerk's JS SDK (RoundTripReference).
extension Table {
    mutating func addRoundTrips(_ m: Measurements) {
        let counts = RoundTripCounts(m, prefix: "roundtrips")
        addPerFlow(counts) { flow, ours in
            Row(
                measurement: "Round trips, flow \(flow.number) \(flow.name) (requests at the SDK's transport)",
                ours: ours.map(Format.count) ?? "not run",
                reference: "minimum \(flow.minimum): \(flow.minimumReason). JS SDK \(flow.jsSDK): \(flow.jsSDKReason)",
                ratio: ours.map { Format.ratio($0 / Double(flow.jsSDK)) + " JS SDK" } ?? "—",
                target: "the minimum (\(flow.minimum))",
                result: Self.roundTripVerdict(ours, minimum: flow.minimum)
            )
        }
        let flows = RoundTripReference.all
        let jsSDK = flows.map(\.jsSDK).reduce(0, +)
        add(
            Row(
                measurement: "Round trips, all \(flows.count) documented flows",
                ours: counts.totalText, reference: "minimum \(counts.minimum), JS SDK \(jsSDK)",
                ratio: counts.total.map { Format.ratio($0 / Double(jsSDK)) + " JS SDK" } ?? "—",
                target: "the minimum (\(counts.minimum))", result: counts.total.map { Self.roundTripVerdict($0, minimum: counts.minimum) } ?? "—"
            ))
    }

    /// One row per documented flow, from its value.
    mutating func addPerFlow(_ counts: RoundTripCounts, row: (RoundTripReference, Double?) -> Row) {
        for (flow, ours) in counts.perFlow { add(row(flow, ours)) }
    }

    /// "met" at the minimum, else how many requests above it (below it means the reference is wrong).
    static func roundTripVerdict(_ ours: Double?, minimum: Int) -> String {
        guard let ours else { return "—" }
        let extra = Int(ours) - minimum
        switch extra {
        case 0: return "met"
        case 1: return "missed: 1 request above"
        case 2...: return "missed: \(extra) requests above"
        default: return "below the stated minimum: check RoundTripReference"
        }
    }
}

/// One value per documented flow (`<prefix>.<flow name>`), and their sum once every flow has one.
struct RoundTripCounts {
    var perFlow: [(RoundTripReference, Double?)]
    /// The sum over every flow; nil when a flow has no value.
    var total: Double?
    var totalText: String
    var minimum: Int

    init(_ m: Measurements, prefix: String) {
        let flows = RoundTripReference.all
        perFlow = flows.map { ($0, m.value("\(prefix).\($0.name)")) }
        let values = perFlow.compactMap(\.1)
        total = values.count == flows.count ? values.reduce(0, +) : nil
        totalText = total.map(Format.count) ?? "\(values.count) of \(flows.count) flows run"
        minimum = flows.map(\.minimum).reduce(0, +)
    }
}
