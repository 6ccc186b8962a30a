// The server's API speaks in the core's types (settings, presets, users) and the storage's (where
// state lives): whoever imports the server has them without importing either.
@_exported import ClerkLocalCore
@_exported import ClerkLocalStorage
