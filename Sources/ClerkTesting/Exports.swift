// Test code that uses the scripted transport also uses the runtime's types.
@_exported import Clerk
