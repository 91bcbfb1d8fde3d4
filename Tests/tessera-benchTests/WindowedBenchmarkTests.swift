import XCTest

@testable import tessera_bench

/// How `tessera-bench --animated` turns its rounds into ratios against Qt Quick.
final class WindowedBenchmarkTests: XCTestCase {
    /// A round where either side's toggled run took no more CPU than its still one measured nothing:
    /// it is left out, rather than an infinite or zero ratio that JSON cannot hold (a whole run's
    /// figures were once lost to one).
    func testARoundThatMeasuredNothingIsLeftOut() throws {
        let tessera: [WindowedBenchmark.Animated] = [(0.6, 105), (0, 100), (0.5, 104), (0.7, 103)]
        let qt: [WindowedBenchmark.Animated] = [(1.2, 60), (1.0, 60), (0, 60), (1.0, 60)]
        let ratios = try XCTUnwrap(WindowedBenchmark.ratios(tessera, qt, size: "1024x768"))
        XCTAssertEqual(ratios.count, 2, "rounds 2 (Tessera nothing) and 3 (Qt Quick nothing) left out")
        XCTAssertEqual(ratios[0], 0.5, accuracy: 1e-12, "round 1")
        XCTAssertEqual(ratios[1], 0.7, accuracy: 1e-12, "round 4")
        XCTAssertTrue(ratios.allSatisfy(\.isFinite))
    }

    func testNoRoundLeftIsNoRatio() {
        XCTAssertNil(WindowedBenchmark.ratios([(0, 100)], [(1.0, 60)], size: "1920x1080"))
        XCTAssertNil(WindowedBenchmark.ratios([], [], size: "1920x1080"))
    }

    /// Each ratio is within one round (the machine drifts between rounds), in round order.
    func testEachRoundIsItsOwnRatio() throws {
        let ratios = try XCTUnwrap(
            WindowedBenchmark.ratios([(0.3, 100), (0.9, 100)], [(0.6, 60), (1.0, 60)], size: "1024x768"))
        XCTAssertEqual(ratios[0], 0.5, accuracy: 1e-12)
        XCTAssertEqual(ratios[1], 0.9, accuracy: 1e-12)
    }
}
