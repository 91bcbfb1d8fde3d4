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

/// The desktop's high contrast as its tools print it: the portal's `contrast` (a uint32) and GNOME's
/// `high-contrast` (a boolean).
final class DesktopContrastTests: XCTestCase {
    func testHighContrastIsReadFromThePortalAndGsettings() {
        XCTAssertEqual(DesktopColorScheme.prefersHighContrast(portalReply: "(<<uint32 1>>,)\n"), true)
        XCTAssertEqual(DesktopColorScheme.prefersHighContrast(portalReply: "(<<uint32 0>>,)"), false)
        XCTAssertEqual(DesktopColorScheme.prefersHighContrast(portalReply: "v v u 1\n"), true)
        XCTAssertNil(DesktopColorScheme.prefersHighContrast(portalReply: "(<<uint32 7>>,)"))
        XCTAssertNil(DesktopColorScheme.prefersHighContrast(portalReply: "Error: Requested setting not found"))
        XCTAssertEqual(DesktopColorScheme.boolean(reply: "(<<<true>>>,)\n"), true)
        XCTAssertEqual(DesktopColorScheme.boolean(reply: "v v b false\n"), false)
        XCTAssertEqual(DesktopColorScheme.boolean(reply: "true\n"), true)
        XCTAssertNil(DesktopColorScheme.boolean(reply: "No such schema “org.gnome.desktop.a11y.interface”"))
    }
}

/// The desktop's text scaling factor as its tools print it.
final class DesktopTextScaleTests: XCTestCase {
    func testTheTextScalingFactorIsReadFromThePortalAndGsettings() {
        XCTAssertEqual(DesktopColorScheme.textScalingFactor(reply: "(<<<1.25>>>,)\n"), 1.25)
        XCTAssertEqual(DesktopColorScheme.textScalingFactor(reply: "(<<1.5>>,)\n"), 1.5)
        XCTAssertEqual(DesktopColorScheme.textScalingFactor(reply: "v v d 1.25\n"), 1.25)
        XCTAssertEqual(DesktopColorScheme.textScalingFactor(reply: "1.0\n"), 1)
        XCTAssertNil(DesktopColorScheme.textScalingFactor(reply: "Error: Requested setting not found"))
        XCTAssertNil(DesktopColorScheme.textScalingFactor(reply: "7.0\n"), "outside the key's range")
        XCTAssertNil(DesktopColorScheme.textScalingFactor(reply: ""))
    }
}
