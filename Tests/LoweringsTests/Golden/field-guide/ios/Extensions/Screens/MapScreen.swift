import NativeExtensions
import SwiftUI

/// The native Map tab (OrderedSet comes from swift-collections through NativeExtensions): trails
/// fetched from the app's own server with the web session's cookie,
/// listed once each, in the order the server sends them.
struct MapScreen: View {
    let url: URL
    @State private var trails: OrderedSet<String> = []

    var body: some View {
        List {
            Section {
                Image("trail")
                    .resizable()
                    .scaledToFit()
                    .frame(height: 120)
            }
            ForEach(Array(trails), id: \.self) { name in
                Text(name)
            }
            Button("Log a sighting") { AppShell.visit("/sightings/new") }
        }
        .navigationTitle("Map")
        .task {
            guard let data = try? await AppShell.fetch("/trails.json"),
                  let list = try? JSONDecoder().decode([Trail].self, from: data) else { return }
            trails = OrderedSet(list.map(\.name))
        }
    }

    private struct Trail: Decodable {
        let name: String
    }
}
