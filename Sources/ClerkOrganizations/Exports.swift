// Organizations are used with the runtime, so importing this module alone is enough.
@_exported import Clerk
