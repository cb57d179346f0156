// Every Cache API speaks in `Digest`s: a client of the store gets the hashing vocabulary with it.
// Modules that only hash import `Hashing` alone (no SQLite, sockets or zlib behind it).
@_exported import Hashing
