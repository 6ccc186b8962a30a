// A strategy is used with the runtime, so importing the strategy module alone is enough.
@_exported import Clerk
