import Foundation
import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// One way for a change to ask for a frame (`Simulation.revision`, `markNeedsFrame`): with the loop at
/// rest, each kind of change — photos arriving in the folder, F3, a focus move, a config reload — is
/// presented within two display ticks, showing the change; with nothing changing, nothing is presented.
final class FrameLoopInvalidationTests: XCTestCase {
    typealias FakeClock = FrameLoopRestTests.FakeClock

    /// A window whose input comes at given times; a wait ends at the next input or the next change.
    final class Window: InteractiveHost {
        let clock: FakeClock
        var inputs: [(time: Double, event: InputEvent)]
        var refreshInterval: Double? { 1.0 / 60 }
        var nextDue: Double? { nil }

        init(clock: FakeClock, inputs: [(Double, InputEvent)]) {
            self.clock = clock
            self.inputs = inputs.map { (time: $0.0, event: $0.1) }
        }

        func pumpEvents(into receiver: InputReceiver) -> Bool {
            clock.time += 0.0005
            while let first = inputs.first, first.time <= clock.time {
                inputs.removeFirst()
                receiver.receive(first.event, age: 0)
            }
            return true
        }

        func waitForEvents(upTo seconds: Double) {
            let wake = clock.time + seconds
            clock.time = min(wake, inputs.first?.time ?? wake)
        }
    }

    /// Each present's time and what it drew: photos and focus rings.
    final class Frames: FrameSink {
        let clock: FakeClock
        var presents: [(time: Double, photos: Set<PhotoID>, rings: Int, commands: Int)] = []
        private var last: (photos: Set<PhotoID>, rings: Int, commands: Int) = ([], 0, 0)
        init(clock: FakeClock) { self.clock = clock }

        func render(_ list: inout DrawList, window: Size) {
            var photos = Set<PhotoID>()
            var rings = 0
            for command in list.commands {
                switch command {
                case .photo(let id, _, _, _, _): photos.insert(id)
                case .ring: rings += 1
                default: break
                }
            }
            last = (photos, rings, list.commands.count)
        }
        func present() { presents.append((clock.time, last.photos, last.rings, last.commands)) }
        func saveScreenshot(to path: String) throws {}
    }

    /// A change made from a run-loop source at a given time (as the folder watcher and the config poll
    /// make theirs).
    final class ChangeAt: RunLoopSource {
        let time: Double
        let change: (Simulation) -> Void
        private var done = false
        init(_ time: Double, _ change: @escaping (Simulation) -> Void) {
            self.time = time
            self.change = change
        }
        func secondsUntilDue(now: Double, simulation: Simulation) -> Double? { done ? nil : time - now }
        func run(now: Double, simulation: Simulation, sink: FrameSink) {
            done = true
            change(simulation)
        }
    }

    private let tick = 1.0 / 60

    private func run(
        seconds: Double = 4, inputs: [(Double, InputEvent)] = [], sources: [RunLoopSource] = [],
        sim: Simulation = makeSimulation(photos: 6)
    ) throws -> Frames {
        let clock = FakeClock()
        let frames = Frames(clock: clock)
        let loop = try FrameLoop(
            simulation: sim, sink: frames, timing: .interactive, frames: Int(seconds * sim.hz),
            host: Window(clock: clock, inputs: inputs), clock: clock,
            profiling: ProfilingSession(
                config: ProfilingConfig(), clock: SteppingClock(), budgetMs: 1000 / 60, showsHUD: false, trace: nil))
        loop.sources = sources
        try loop.run()
        return frames
    }

    /// The presents after `time`, the first of which must come within two ticks.
    private func presents(after time: Double, in frames: Frames, file: StaticString = #filePath, line: UInt = #line)
        -> [(time: Double, photos: Set<PhotoID>, rings: Int, commands: Int)]
    {
        let after = frames.presents.filter { $0.time >= time }
        XCTAssertFalse(after.isEmpty, "nothing presented after \(time) s", file: file, line: line)
        if let first = after.first {
            XCTAssertLessThanOrEqual(first.time - time, 2 * tick + 0.001, "presented late", file: file, line: line)
        }
        return after
    }

    func testNothingChangingPresentsNothingAfterTheFirstFrame() throws {
        XCTAssertEqual(try run().presents.count, 1)
    }

    func testPhotosArrivingAtRestArePresentedInTheirSlots() throws {
        let sim = makeSimulation(photos: 6)
        let more = PhotoLibrary(
            photos: (1...9).map { Photo(id: PhotoID(String(format: "photo-%02d", $0)), path: "/nonexistent/\($0).jpg") }
        )
        let frames = try run(sources: [ChangeAt(2, { $0.rescanPhotos(scanned: more) })], sim: sim)
        let after = presents(after: 2, in: frames)
        XCTAssertEqual(after.last?.photos, Set((1...9).map { PhotoID(String(format: "photo-%02d", $0)) }))
        XCTAssertTrue(sim.isSettled)
    }

    func testF3ShowsAndHidesTheHUDAtRest() throws {
        let frames = try run(inputs: [(1, .key(.f3)), (2, .key(.f3))])
        let shown = presents(after: 1, in: frames)
        XCTAssertGreaterThan(shown.first?.commands ?? 0, frames.presents[0].commands, "the HUD drawn")
        let hidden = presents(after: 2, in: frames)
        XCTAssertEqual(hidden.last?.commands, frames.presents[0].commands, "the HUD gone, not frozen")
        XCTAssertEqual(frames.presents.filter { $0.time > 2 + 3 * tick }.count, 0, "then rest")
    }

    func testAFocusMoveAtRestIsPresentedWithItsRing() throws {
        let frames = try run(inputs: [(1.5, .key(.tab))])
        XCTAssertEqual(presents(after: 1.5, in: frames).first?.rings, 1)
    }

    func testAConfigReloadAtRestIsPresented() throws {
        var dark = Config()
        dark.appearance = .dark
        let frames = try run(sources: [ChangeAt(2, { $0.reload(config: dark) })])
        XCTAssertFalse(presents(after: 2, in: frames).isEmpty)
    }
}

/// The loading tile's pulse is the core's: the draw list carries its shade, a function of simulated time.
final class LoadingPulseTests: XCTestCase {
    func testTheShadeFollowsSimulatedTimeAndStaysInItsRange() {
        let sim = makeSimulation()
        var shades: [Double] = []
        var list = DrawList()
        for _ in 0..<150 {
            sim.step()
            sim.draw(into: &list)
            shades.append(list.loadingShade)
        }
        XCTAssertGreaterThan(shades.max()! - shades.min()!, 0.07, "it pulses over 1.25 s")
        XCTAssertTrue(shades.allSatisfy { $0 >= LoadingPulse.darkest - 1e-9 && $0 <= 1 })
        XCTAssertEqual(LoadingPulse.shade(at: 0.3), LoadingPulse.shade(at: 0.3 + LoadingPulse.period), accuracy: 1e-9)
    }
}

/// A decode finishing at rest: while the sink says photos it drew are still decoding, the loop draws on
/// the display's ticks (their tiles pulse on the simulation's clock); the frame after the decode shows the
/// photo, and then the loop rests.
final class DecodeFinishingTests: XCTestCase {
    final class DecodingSink: FrameSink {
        let clock: FrameLoopRestTests.FakeClock
        let decodedAt: Double
        var presents: [(time: Double, decoding: Bool, shade: Double)] = []
        private var drewDecoding = false
        private var shade = 1.0
        init(clock: FrameLoopRestTests.FakeClock, decodedAt: Double) {
            self.clock = clock
            self.decodedAt = decodedAt
        }
        func render(_ list: inout DrawList, window: Size) {
            drewDecoding = clock.time < decodedAt
            shade = list.loadingShade
        }
        func present() { presents.append((clock.time, drewDecoding, shade)) }
        func saveScreenshot(to path: String) throws {}
        var needsRedraw: Bool { drewDecoding }
    }

    func testTheLoopDrawsWhilePhotosDecodeAndRestsOnceTheyAreIn() throws {
        let clock = FrameLoopRestTests.FakeClock()
        let sink = DecodingSink(clock: clock, decodedAt: 1)
        let sim = makeSimulation()
        let loop = try FrameLoop(
            simulation: sim, sink: sink, timing: .interactive, frames: 3 * 120,
            host: FrameLoopInvalidationTests.Window(clock: clock, inputs: []), clock: clock)
        try loop.run()
        let decoding = sink.presents.filter(\.decoding)
        XCTAssertGreaterThan(decoding.count, 50, "drawn on the ticks while decoding")
        XCTAssertGreaterThan(Set(decoding.map(\.shade)).count, 10, "the tiles pulse on the simulation's clock")
        let shown = sink.presents.filter { !$0.decoding }
        XCTAssertEqual(shown.count, 1, "one frame shows the decoded photo, then rest")
        XCTAssertLessThanOrEqual(try XCTUnwrap(shown.first).time - 1, 2.0 / 60 + 0.001)
    }
}
