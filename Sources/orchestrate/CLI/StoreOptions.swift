import Cache

/// `--store DIR` or the default location; opens the store chain.
enum StoreOptions {
    static func root(_ args: Arguments, _ ctx: Context) -> String {
        if let s = args.value("store") { return ctx.path(s) }
        return StoreLocation.default(environment: ctx.environment, home: ctx.environment["HOME"] ?? "/root")
    }

    static func chain(_ args: Arguments, _ ctx: Context) throws -> StoreChain {
        let local = try LocalStore(root: root(args, ctx))
        let seed = SeedLocation.find(environment: ctx.environment).map { SeedStore(root: $0, events: local.events) }
        return StoreChain(local: local, seed: seed)
    }

    /// Prints each store event once, as a warning.
    static func report(_ chain: StoreChain, _ ctx: Context) {
        for e in chain.events { ctx.err("orchestrate: warning: \(e)\n") }
    }
}
