import Foundation
import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// Eight 2:1 places, like the bundled catalog, without touching the disk.
func samplePlaces(_ count: Int = 8) -> DestinationCatalog {
    DestinationCatalog(
        places: (1...count).map { i in
            Destination(
                id: "place-\(i)", title: "Place \(i)", details: "A paragraph about place \(i), long enough to wrap.",
                image: Photo(id: "destinations/place-\(i)", path: "/nonexistent/\(i).jpg", pixelSize: Size(1200, 600)))
        })
}

/// A destinations simulation of `samplePlaces()` at 120 Hz.
func makeDestinations(window: Size = Size(1024, 768), config: Config = Config(), places: Int = 8) -> Simulation {
    Simulation(
        config: config, photos: sizedPhotos(), scene: .destinations, window: window, hz: 120,
        assets: LoadedAssets([.destinations: samplePlaces(places)]))
}
