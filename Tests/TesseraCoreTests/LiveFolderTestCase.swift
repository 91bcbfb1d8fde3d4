import Foundation
import TesseraGeometry
import TesseraPhotos
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// A folder that lives (docs/USING.md, "Thumbnails and a live folder"): rescans find added, removed and replaced photos, and
/// scenes take them in with one relayout (each scene's tests: `<Scene>LiveFolderTests`); a script's
/// `rescan` step does it at a known time. This base gives every such test a folder of twelve photos.
class LiveFolderTestCase: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for i in 1...12 { try writePhoto(String(format: "photo-%02d", i * 2)) }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A photo whose header says `width`×`height` (`HeaderOnlyPNG`).
    func writePhoto(_ id: String, width: UInt32 = 400, height: UInt32 = 300) throws {
        let bytes = HeaderOnlyPNG.bytes(width: width, height: height)
        try Data(bytes).write(to: folder.appendingPathComponent(id + ".png"))
    }

    func remove(_ id: String) throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(id + ".png"))
    }

    func simulation(_ scene: SceneID) throws -> Simulation {
        Simulation(
            config: Config(), photos: try PhotoLibrary.scanning(folder: folder.path), scene: scene,
            window: Size(1024, 768), hz: 120)
    }

    /// Every id in exactly one container, and the containers hold exactly `ids`.
    func assertEachPhotoOnce(
        _ dump: StateDump, _ ids: [PhotoID], file: StaticString = #filePath, line: UInt = #line
    ) {
        let held = dump.containers.flatMap(\.items)
        XCTAssertEqual(held.count, Set(held).count, "an id in two containers", file: file, line: line)
        XCTAssertEqual(Set(held), Set(ids), file: file, line: line)
        XCTAssertEqual(Set(dump.tiles.map(\.id)), Set(ids), "the dump lists every photo's tile", file: file, line: line)
    }

    func settle(_ sim: Simulation, file: StaticString = #filePath, line: UInt = #line) {
        for _ in 0..<1200 where !sim.isSettled { sim.step() }
        XCTAssertTrue(sim.isSettled, "settles", file: file, line: line)
    }

    func readJSONObject(_ url: URL) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }
}
