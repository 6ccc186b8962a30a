import Clerk
import Foundation
import NIOConcurrencyHelpers

/// One line of a flow's transcript: what was asked and answered, each request and its status,
/// each step the flow driver reported, and the harness's own notes. Never a secret.
public struct TranscriptEntry: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A phase of the flow begins ("Jane signs up on a new device").
        case phase
        /// The flow asked the person something, and what they answered (secrets redacted).
        case question
        /// A request went out and its answer came back.
        case request
        /// A step the flow driver reported.
        case event
        /// A message the server delivered (a code by email or SMS), as the person would see it arrive.
        case delivery
        /// Something the harness or the flow observed.
        case note
        /// A check of what the guide promises, passed.
        case check
        /// Why the flow failed.
        case failure
    }

    public var kind: Kind
    public var text: String
    /// Seconds since the flow started.
    public var at: Double

    public init(kind: Kind, text: String, at: Double) {
        self.kind = kind
        self.text = text
        self.at = at
    }

    /// The line as the console shows it.
    public var rendered: String {
        let mark =
            switch kind {
            case .phase: "▸"
            case .question: "?"
            case .request: "→"
            case .event: "·"
            case .delivery: "✉"
            case .note: "‣"
            case .check: "✓"
            case .failure: "✗"
            }
        return "  \(mark) \(text)"
    }
}

extension TranscriptEntry {
    /// What each mark of `rendered` means, printed once above the transcripts.
    public static let legend =
        "Transcript: ▸ phase  ? question and answer  → request and status  · flow step  ✉ message delivered  ‣ note  ✓ check  ✗ failure"
}

/// The transcript of one flow run, with the raw events kept for the flow's own checks.
public final class Transcript: Sendable {
    private let entries = NIOLockedValueBox<[TranscriptEntry]>([])
    private let events = NIOLockedValueBox<[FlowEvent]>([])
    private let started = Date()
    private let answerFailureBox = NIOLockedValueBox<String?>(nil)
    private let live: (@Sendable (TranscriptEntry) -> Void)?

    /// A transcript; `live` receives each line as it is written (for the console).
    public init(live: (@Sendable (TranscriptEntry) -> Void)? = nil) {
        self.live = live
    }

    /// Adds a line.
    public func write(_ kind: TranscriptEntry.Kind, _ text: String) {
        let entry = TranscriptEntry(kind: kind, text: text, at: Date().timeIntervalSince(started))
        entries.withLockedValue { $0.append(entry) }
        live?(entry)
    }

    /// Records a flow driver event and writes it.
    public func record(_ event: FlowEvent) {
        events.withLockedValue { $0.append(event) }
        write(.event, event.description)
    }

    /// Why the answers could not be given (the flow driver keeps only that they were not).
    public var answerFailure: String? {
        get { answerFailureBox.withLockedValue { $0 } }
        set { answerFailureBox.withLockedValue { $0 = newValue } }
    }

    /// Every line so far.
    public var lines: [TranscriptEntry] { entries.withLockedValue { $0 } }

    /// Every flow driver event so far.
    public var allEvents: [FlowEvent] { events.withLockedValue { $0 } }

    /// A position in the event list, to look at what happened after it.
    public var mark: Int { events.withLockedValue { $0.count } }

    /// The events recorded since `mark`.
    public func events(since mark: Int) -> [FlowEvent] {
        events.withLockedValue { Array($0.dropFirst(mark)) }
    }
}

extension FlowEvent {
    /// The API error codes of a rejected code or password, if this is one.
    public var rejectionCodes: [String] {
        if case .credentialRejected(let error) = self { return error.apiErrors.map(\.code.rawValue) }
        return []
    }

    /// Whether this event asked for a code.
    public var isCodeRequest: Bool {
        if case .codeRequested = self { return true }
        return false
    }
}
