import Foundation

/// What the rules read besides the state: the settings in effect, the time, where codes are sent,
/// the Frontend API's public URL (email links point at it), and whether storage keeps the state (then
/// failures that change nothing still wait for a write).
package struct OperationContext: Sendable {
    package let settingsInEffect: LockedValue<SettingsInEffect>
    package let readTime: @Sendable () -> Date
    package let outbox: Outbox
    package let keepsState: Bool
    package let frontendAPIURL: @Sendable () -> String

    package var settings: InstanceSettings { settingsInEffect.withLockedValue { $0.settings } }
    package var passwordPolicy: PasswordPolicy { settingsInEffect.withLockedValue { $0.passwordPolicy } }
    package var now: Date { readTime() }
}
