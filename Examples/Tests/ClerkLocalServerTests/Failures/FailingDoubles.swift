import Foundation
import JWTKit
import NIOConcurrencyHelpers

@testable import ClerkLocalServer

/// Storage that keeps the batches it is given and fails every write while `failing` is on.
final class SwitchableStorage: StateStorage {
    struct WriteFailed: Error {}

    private struct State {
        var batches: [StateChanges] = []
        var failing = false
    }

    private let state = NIOLockedValueBox(State())
    let keepsState = true

    func load() -> StoredState { StoredState() }
    func instanceKeys(orStore fresh: @autoclosure () throws -> InstanceKeys) throws -> InstanceKeys { try fresh() }
    func keepSettings(_ settings: InstanceSettings) {}

    func enqueue(_ changes: StateChanges) -> UInt64 {
        state.withLockedValue { state in
            state.batches.append(changes)
            return UInt64(state.batches.count)
        }
    }

    func waitUntilDurable(_ sequence: UInt64) async throws {
        if state.withLockedValue({ $0.failing }) { throw WriteFailed() }
    }

    func close() async {}

    var failing: Bool {
        get { state.withLockedValue { $0.failing } }
        set { state.withLockedValue { $0.failing = newValue } }
    }

    var batches: [StateChanges] { state.withLockedValue { $0.batches } }
}

/// A token signer that always fails, as one whose key became unusable would.
struct FailingSigner: TokenSigning {
    struct SigningFailed: Error {}

    func sign(_ claims: some JWTPayload) async throws -> String {
        throw SigningFailed()
    }
}
