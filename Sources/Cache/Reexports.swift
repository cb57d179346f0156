// Every Cache API speaks in `Digest`s and the store's vocabulary (`ActionEntry`, `StoreLayer`,
// `ContentStore`): a client of the store gets both with it. Modules that only hash import
// `Hashing` alone, and modules that only speak of a store (`Tasks`) import `StoreModel`: no
// SQLite, sockets or zlib behind either.
@_exported import Hashing
@_exported import StoreModel
