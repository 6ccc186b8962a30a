/// Where the server's state lives between runs. The store keeps the working set in memory and
/// hands every change here, in order, before the request that made it is answered: a request waits
/// (`waitUntilDurable`) for the batch holding its changes.
///
/// Implementations: `MemoryStorage` (nothing kept; the default for the in-process server) and
/// `SQLiteStorage` (a data directory, WAL, or a database in memory for tests).
package protocol StateStorage: Sendable {
    /// Whether changes need tracking at all (memory storage keeps nothing).
    var keepsState: Bool { get }
    /// Everything stored, read once at start.
    func load() async throws -> StoredState
    /// The keys of the instance stored earlier, or `fresh()`'s stored now (first start).
    func instanceKeys(orStore fresh: @Sendable () throws -> InstanceKeys) async throws -> InstanceKeys
    /// The test identity providers' keys stored earlier, or `fresh()`'s stored now; asked for the
    /// first time they are needed (an RSA key takes a while to generate).
    func testIdentityProviderKeys(
        orStore fresh: @Sendable () throws -> TestIdentityProviderKeyMaterial
    ) async throws -> TestIdentityProviderKeyMaterial
    /// Stores settings given at start in place of the kept ones, at once (before any request).
    func keepSettings(_ settings: InstanceSettings) async throws
    /// Queues changes behind every batch queued before; answers the batch's sequence number. Must be
    /// called in the order the changes were made (the store calls it from its actor).
    func enqueue(_ changes: StateChanges) -> UInt64
    /// Returns once batch `sequence` (and so every batch before it) is written durably; throws if its
    /// write failed.
    func waitUntilDurable(_ sequence: UInt64) async throws
    /// Waits for queued writes and closes the storage.
    func close() async
}

extension StateStorage {
    /// Keeps none: new keys every run.
    package func testIdentityProviderKeys(
        orStore fresh: @Sendable () throws -> TestIdentityProviderKeyMaterial
    ) async throws -> TestIdentityProviderKeyMaterial { try fresh() }
}

/// Keeps nothing: the state lives as long as the process.
package struct MemoryStorage: StateStorage {
    package var keepsState: Bool { false }
    package func load() -> StoredState { StoredState() }
    package func instanceKeys(orStore fresh: @Sendable () throws -> InstanceKeys) throws -> InstanceKeys { try fresh() }
    package func keepSettings(_ settings: InstanceSettings) {}
    package func enqueue(_ changes: StateChanges) -> UInt64 { 0 }
    package func waitUntilDurable(_ sequence: UInt64) async throws {}
    package func close() async {}
    package init() {
    }
}
