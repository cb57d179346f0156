import Cache

extension StoreChain: TaskCache {}
