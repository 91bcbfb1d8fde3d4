import XCTest

@testable import tessera

/// The desktop's light or dark preference, read from what its tools print.
final class DesktopColorSchemeTests: XCTestCase {
    func testDesktopRepliesAreRead() {
        XCTAssertEqual(DesktopColorScheme.prefersDark(portalReply: "(<<uint32 1>>,)\n"), true)
        XCTAssertEqual(DesktopColorScheme.prefersDark(portalReply: "(<<uint32 2>>,)"), false)
        XCTAssertEqual(DesktopColorScheme.prefersDark(portalReply: "(<<uint32 0>>,)"), false)
        XCTAssertEqual(DesktopColorScheme.prefersDark(portalReply: "v v u 1\n"), true)
        XCTAssertNil(DesktopColorScheme.prefersDark(portalReply: "Error: no such interface"))
        XCTAssertEqual(DesktopColorScheme.prefersDark(gsettingsReply: "'prefer-dark'\n"), true)
        XCTAssertEqual(DesktopColorScheme.prefersDark(gsettingsReply: "'default'"), false)
        XCTAssertNil(DesktopColorScheme.prefersDark(gsettingsReply: "No such key “color-scheme”"))
    }
}

/// The desktop's "Reduce animation" as its tools print it.
final class DesktopMotionTests: XCTestCase {
    func testAnimationsOffIsReadFromThePortalAndGsettings() {
        XCTAssertEqual(DesktopColorScheme.enablesAnimations(reply: "(<<<false>>>,)\n"), false)
        XCTAssertEqual(DesktopColorScheme.enablesAnimations(reply: "v v b true\n"), true)
        XCTAssertEqual(DesktopColorScheme.enablesAnimations(reply: "false\n"), false)
        XCTAssertNil(DesktopColorScheme.enablesAnimations(reply: "Error: no such key"))
    }
}
