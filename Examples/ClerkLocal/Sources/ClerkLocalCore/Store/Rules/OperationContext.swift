import Foundation

/// What the rules read besides the state: the settings in effect, the time, where codes are sent,
/// the Frontend API's public URL (email links point at it), and whether storage keeps the state (then
/// failures that change nothing still wait for a write).
package struct OperationContext: Sendable {
    /// The settings when the operation started. Only the actor switches them, never during an operation,
    /// so one copy per operation is what the operation would read anyway; reading a field of it takes
    /// no lock and copies nothing (the settings grow with every feature, and a create reads them often).
    package let inEffect: SettingsInEffect
    package let readTime: @Sendable () -> Date
    package let outbox: Outbox
    package let keepsState: Bool
    package let frontendAPIURL: @Sendable () -> String

    package var settings: InstanceSettings { inEffect.settings }
    package var passwordPolicy: PasswordPolicy { inEffect.passwordPolicy }
    package var now: Date { readTime() }
}
