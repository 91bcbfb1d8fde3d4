import Foundation
import XCTest

/// A kiosk fills its output whether or not the compositor asks for server-side decorations: natively
/// under a cage run without `-d` (which leaves decorations to clients) the kiosk draws none
/// (`SDL_VIDEO_WAYLAND_ALLOW_LIBDECOR=0`), so its frame is the whole 720×1280 output, not 720×1256 above
/// a 24-pixel black band (issue 45).
final class KioskFitsItsOutputTests: XCTestCase {
    func testANativeKioskUnderCageWithoutServerDecorationsFillsTheOutput() throws {
        let cage = try HeadlessCage()
        let state = cage.writable("state.json")
        try cage.start(driver: "wayland", ["--kiosk", "--dump-state", state.path], clientDecorations: true)
        // Photos on screen (colour) within 15 s, then the band along the bottom edge looked at.
        var shot: ImageComparison.Pixels?
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            usleep(500_000)
            if let file = try cage.screenshot("screen.png") {
                let pixels = try ImageComparison.load(file.path)
                shot = pixels
                if colourfulShare(pixels) > 0.1 { break }
            }
        }
        let pixels = try XCTUnwrap(shot, "a screenshot")
        XCTAssertEqual(pixels.width, 720)
        XCTAssertEqual(pixels.height, 1280)
        let band = pixels.argb[(pixels.width * (pixels.height - 24))...]
        let black = band.filter { $0 & 0xFFFFFF == 0 }.count
        XCTAssertLessThan(Double(black) / Double(band.count), 0.5, "no black band along the bottom")
        XCTAssertEqual(cage.stop(), 0)
        XCTAssertEqual(try readJSON(state)["window"] as? [Double], [720, 1280], "the frame is the whole output")
    }
}
