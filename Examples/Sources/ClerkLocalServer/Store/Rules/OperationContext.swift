import Foundation
import NIOConcurrencyHelpers

/// What the rules read besides the state: the settings in effect, the time, where codes are sent,
/// and whether storage keeps the state (then failures that change nothing still wait for a write).
struct OperationContext: Sendable {
    let settingsInEffect: NIOLockedValueBox<SettingsInEffect>
    let readTime: @Sendable () -> Date
    let outbox: Outbox
    let keepsState: Bool

    var settings: InstanceSettings { settingsInEffect.withLockedValue { $0.settings } }
    var passwordPolicy: PasswordPolicy { settingsInEffect.withLockedValue { $0.passwordPolicy } }
    var now: Date { readTime() }
}
