// Every API here speaks in `Digest`s: a client of the store's vocabulary gets the hashing
// vocabulary with it, as a client of `Cache` does.
@_exported import Hashing
