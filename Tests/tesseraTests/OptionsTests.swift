import TesseraGeometry
import XCTest

@testable import TesseraCore
@testable import tessera

final class OptionsTests: XCTestCase {
    func testEveryDocumentedFlag() throws {
        let o = try Options.parse([
            "--scene", "picker", "--photos", "p", "--config", "c.json", "--window", "800x600", "--headless", "--script",
            "s.json", "--frames", "480", "--screenshot", "a.png", "--dump-state", "d.json", "--hz", "60",
            "--render-every", "6",
        ])
        XCTAssertEqual(o.scene, SceneID(rawValue: "picker"))
        XCTAssertEqual(o.window, Size(800, 600))
        XCTAssertTrue(o.headless)
        XCTAssertEqual(o.frames, 480)
        XCTAssertEqual(o.hz, 60)
        XCTAssertEqual(o.renderEvery, 6)
        XCTAssertEqual(o.dumpState, "d.json")
        XCTAssertEqual(try Options.parse(["--window=640x480"]).window, Size(640, 480))
    }

    func testScaleIsPixelsPerPointWithinItsRange() throws {
        XCTAssertEqual(try Options.parse(["--scale", "2"]).scale, 2)
        XCTAssertNil(try Options.parse([]).scale, "the display's unless given")
        for bad in ["0", "9", "two", "nan"] {
            XCTAssertThrowsError(try Options.parse(["--scale", bad])) {
                XCTAssertTrue("\($0)".hasPrefix("--scale:"), "\($0)")
            }
        }
    }

    func testBadFlagsNameThemselves() {
        for (args, text) in [
            (["--bogus"], "--bogus"), (["--window", "big"], "--window"), (["--frames", "-1"], "--frames"),
            (["--hz"], "--hz needs a value"), (["--scene", "dock"], "--scene"),
            (["--render-every", "0"], "--render-every"),
            (["--hz", "nan"], "--hz"),
        ] {
            XCTAssertThrowsError(try Options.parse(args)) { XCTAssertTrue("\($0)".contains(text), "\($0)") }
        }
    }
}

final class OptionsFlagValueTests: XCTestCase {
    func testAValueThatIsAFlagIsAnErrorUnlessAttached() throws {
        XCTAssertThrowsError(try Options.parse(["--output", "--headless"])) {
            XCTAssertEqual(
                "\($0)", #"--output needs a value, got the flag "--headless" (use --output=--headless if you mean it)"#)
        }
        XCTAssertEqual(try Options.parse(["--output=--headless"]).output, "--headless")
        XCTAssertEqual(try Options.parse(["--output", "-"]).output, "-")
    }

    func testNoThumbnailsTurnsTheCacheOff() throws {
        XCTAssertFalse(try Options.parse([]).noThumbnails)
        XCTAssertTrue(try Options.parse(["--no-thumbnails"]).noThumbnails)
        XCTAssertTrue(Options.usage.contains("--no-thumbnails"))
    }

    func testSpeakTurnsSpeechOn() throws {
        XCTAssertFalse(try Options.parse([]).speak)
        XCTAssertTrue(try Options.parse(["--speak"]).speak)
        XCTAssertTrue(Options.usage.contains("--speak"))
    }
}

/// `--window` × `--scale` is checked like each flag (issue 44): past 16384 pixels a side, one line.
final class CanvasOptionsTests: XCTestCase {
    func testAFramePastTheLimitNamesBothFlags() {
        XCTAssertThrowsError(
            try Options.checkCanvas(Size(11600, 11600), scale: 2, windowFrom: "--window", scaleFrom: "--scale")
        ) {
            XCTAssertEqual(
                "\($0)",
                "--window 11600x11600 at --scale 2 is 23200x23200 pixels: at most 16384 a side (a window of at most 8192 points a side at this scale)"
            )
        }
        XCTAssertNoThrow(
            try Options.checkCanvas(Size(4096, 4096), scale: 4, windowFrom: "--window", scaleFrom: "--scale"))
    }
}
