/// The first session token after each documented flow: the flow's requests plus one `sessionToken()` on the
/// device that signed in (`roundtrips-first-token.<flow>`, from `Examples --json`), against the flow's own
/// minimum (RoundTripReference): the token the completing answer carried is cached, so it costs no request.
extension Table {
    mutating func addFirstSessionToken(_ m: Measurements) {
        let counts = RoundTripCounts(m, prefix: "roundtrips-first-token")
        addPerFlow(counts) { flow, ours in
            let target = "the flow's minimum (\(flow.minimum))"
            let measurement = "Round trips, flow \(flow.number) \(flow.name) then one sessionToken() (requests at the SDK's transport)"
            let reference = "\(target): the answer that completes it carries last_active_token"
            return Row(
                measurement: measurement, ours: ours.map(Format.count) ?? "not run", reference: reference, target: target,
                result: Self.roundTripVerdict(ours, minimum: flow.minimum))
        }
        add(
            Row(
                measurement: "Round trips, all \(RoundTripReference.all.count) documented flows, each then one sessionToken()",
                ours: counts.totalText, reference: "minimum \(counts.minimum)", target: "the minimum (\(counts.minimum))",
                result: counts.total.map { Self.roundTripVerdict($0, minimum: counts.minimum) } ?? "—"
            ))
    }
}
