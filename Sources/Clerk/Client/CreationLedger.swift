/// The sign-in and sign-up creates this client has in flight. A create whose answer is lost reads
/// the client again to learn what it made; when another create ran at any moment of its call, the
/// current sign-in or sign-up (or a new session) may be the other's, so the state proves nothing.
struct CreationLedger {
    private var nextTicket = 0
    private var running: Set<Int> = []
    private var overlapped: Set<Int> = []

    /// Registers a create that starts now; pass the ticket to `end` when it is over.
    mutating func begin() -> Int {
        let ticket = nextTicket
        nextTicket += 1
        if !running.isEmpty {
            overlapped.formUnion(running)
            overlapped.insert(ticket)
        }
        running.insert(ticket)
        return ticket
    }

    /// Whether another create ran at some moment between `ticket`'s `begin` and now.
    func ranAlone(_ ticket: Int) -> Bool { !overlapped.contains(ticket) }

    mutating func end(_ ticket: Int) {
        running.remove(ticket)
        overlapped.remove(ticket)
    }
}
