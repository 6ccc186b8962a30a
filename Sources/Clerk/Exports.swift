// The runtime re-exports the generated API layer, so `import Clerk` is enough to use
// the typed resources (SignIn, SignUp, Session, ...) and the request types.
@_exported import ClerkAPI
