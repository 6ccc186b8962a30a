/// Round trips per documented flow: our SDK's transport count (`roundtrips.<flow>`, from
/// `Examples --json`) next to the Frontend API's minimum and Clerk's JS SDK (RoundTripReference).
extension Table {
    mutating func addRoundTrips(_ m: Measurements) {
        var total = 0.0
        var counted = 0
        for flow in RoundTripReference.all {
            let ours = m.value("roundtrips.\(flow.name)")
            if let ours {
                total += ours
                counted += 1
            }
            add(
                Row(
                    measurement: "Round trips, flow \(flow.number) \(flow.name) (requests at the SDK's transport)",
                    ours: ours.map(Format.count) ?? "not run",
                    reference: "minimum \(flow.minimum): \(flow.minimumReason). JS SDK \(flow.jsSDK): \(flow.jsSDKReason)",
                    ratio: ours.map { Format.ratio($0 / Double(flow.jsSDK)) + " JS SDK" } ?? "—",
                    target: "the minimum (\(flow.minimum))",
                    result: Self.roundTripVerdict(ours, minimum: flow.minimum)
                ))
        }
        let flows = RoundTripReference.all
        let minimum = flows.map(\.minimum).reduce(0, +)
        let jsSDK = flows.map(\.jsSDK).reduce(0, +)
        let complete = counted == flows.count
        add(
            Row(
                measurement: "Round trips, all \(flows.count) documented flows",
                ours: complete ? Format.count(total) : "\(counted) of \(flows.count) flows run",
                reference: "minimum \(minimum), JS SDK \(jsSDK)",
                ratio: complete ? Format.ratio(total / Double(jsSDK)) + " JS SDK" : "—",
                target: "the minimum (\(minimum))",
                result: complete ? Self.roundTripVerdict(total, minimum: minimum) : "—"
            ))
    }

    /// "met" at the minimum, else how many requests above it (below it means the reference is wrong).
    private static func roundTripVerdict(_ ours: Double?, minimum: Int) -> String {
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
