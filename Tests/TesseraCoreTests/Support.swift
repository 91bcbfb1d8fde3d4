import Foundation
import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// Photo ids like the bundled ones, without touching the disk.
func samplePhotos(_ count: Int = 24) -> PhotoLibrary {
    PhotoLibrary(
        photos: (1...count).map { Photo(id: PhotoID(String(format: "photo-%02d", $0)), path: "/nonexistent/\($0).jpg") }
    )
}

extension SceneID {
    /// A registered scene by its `--scene` name. Tests outside a scene's folder
    /// (`Tests/TesseraCoreTests/Scenes/<Name>/`) name it this way, not by `.picker`, so that a build
    /// without the scene still compiles them (`make check-scenes`); only running one there stops here.
    static func named(_ name: String) -> SceneID {
        guard let id = SceneID(rawValue: name) else { preconditionFailure("this build has no \(name) scene") }
        return id
    }
}

/// A picker simulation at 1024×768, 120 Hz, default config.
func makeSimulation(window: Size = Size(1024, 768), config: Config = Config(), photos: Int = 24, hz: Double = 120)
    -> Simulation
{
    Simulation(config: config, photos: samplePhotos(photos), scene: .named("picker"), window: window, hz: hz)
}

/// The repository's `Assets/` and `Configs/`.
let repositoryResources = ResourceLocator(
    root: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardizedFileURL.path)

/// What every registered scene reads from the repository's `Assets/` (the shipped palettes and places).
let shippedAssets = try! LoadedAssets.load(from: repositoryResources, config: Config())

/// A gallery simulation at 120 Hz with the shipped palettes.
func makeGallery(window: Size = Size(1024, 768), config: Config = Config()) -> Simulation {
    Simulation(
        config: config, photos: samplePhotos(), scene: .named("gallery"), window: window, hz: 120, assets: shippedAssets
    )
}

/// A frame sink that draws nothing: Core tests need no SDL.
final class NullSink: FrameSink {
    var rendered = 0
    func render(_ list: inout DrawList, window: Size) { rendered += 1 }
    func saveScreenshot(to path: String) throws {}
}

/// A script's screenshots and dumps as the command line writes them (screenshots through the sink).
final class FileOutputs: ScriptOutputs {
    let sink: FrameSink
    init(sink: FrameSink) { self.sink = sink }
    func saveScreenshot(to path: String) throws { try sink.saveScreenshot(to: path) }
    func saveDump(_ dump: StateDump, to path: String) throws {
        try OutputFile.write("dump", to: path) { try OutputFile.save(dump.jsonData(), to: path) }
    }
}

extension FrameLoop {
    /// A loop whose script writes its screenshots and dumps to files.
    convenience init(
        writingFiles simulation: Simulation, sink: FrameSink, timing: Timing, script: Script = Script(steps: []),
        frames: Int? = nil, renderEvery: Int = 1, profiling: ProfilingSession? = nil
    ) throws {
        try self.init(
            simulation: simulation, sink: sink, timing: timing, script: script, frames: frames,
            renderEvery: renderEvery, profiling: profiling)
        outputs = FileOutputs(sink: sink)
    }
}

extension Simulation {
    /// Taps a tile at the centre of its presented frame, as the script's `tap` does.
    func tap(_ id: PhotoID) {
        guard let frame = scene.revealForTap(id) else { return XCTFail("no tile \(id)") }
        handle(.pointerDown(frame.center, time: time))
        handle(.pointerUp(frame.center, time: time))
    }

    /// Press and release at a point, as a script's `click` does.
    func tap(at p: Point) {
        handle(.pointerDown(p, time: time))
        handle(.pointerUp(p, time: time))
    }

    func steps(_ n: Int, each: (() -> Void)? = nil) {
        for _ in 0..<n {
            step()
            each?()
        }
    }

    /// The dump of a tile, laid out first as the run loop does before a dump (targets then reflect the
    /// commands applied since the last step).
    func tile(_ id: PhotoID) -> TileDump? {
        layOutIfNeeded()
        return dump().tiles.first { $0.id == id }
    }

    func container(_ id: String) -> ContainerDump? {
        layOutIfNeeded()
        return dump().containers.first { $0.id == id }
    }

    /// A finger pressed at `from`, moved linearly to `to` over `seconds` (one move per step, as a
    /// script's drag), held still `hold` seconds, then lifted.
    func drag(from: Point, to: Point, seconds: Double, hold: Double = 0) {
        handle(.pointerDown(from, time: time))
        let moves = max(1, Int((seconds * hz).rounded()))
        for i in 1...moves {
            step()
            let t = Double(i) / Double(moves)
            handle(.pointerMove(Point(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t), time: time))
        }
        steps(Int((hold * hz).rounded()))
        handle(.pointerUp(to, time: time))
    }

    /// Steps until everything rests (at most `limit` seconds).
    func settle(limit: Double = 10) {
        let end = time + limit
        while !isSettled && time < end { step() }
    }
}

func assertRect(
    _ a: Rect, _ b: Rect, accuracy: Double, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    for (x, y) in zip(a.components, b.components) {
        XCTAssertEqual(x, y, accuracy: accuracy, "\(a) vs \(b) \(message)", file: file, line: line)
    }
}

/// Asserts that `body` throws an error whose description mentions `text` (errors must name the key,
/// step or flag they are about).
func assertThrows<T>(
    _ body: @autoclosure () throws -> T, mentions text: String, file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertThrowsError(try body(), file: file, line: line) { error in
        XCTAssertTrue("\(error)".contains(text), "\"\(error)\" should mention \(text)", file: file, line: line)
    }
}
