@_exported import ClerkWire
