// Seam placeholder (owner: ios.bridge_registry). Composition replaces this file with the built-in
// bridge components /application/bridge leaves on; the member below is the exact API Core reads.
import HotwireNative

enum BridgeRegistry {
    static let components: [BridgeComponent.Type] = []
}
