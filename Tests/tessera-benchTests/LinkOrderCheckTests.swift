import XCTest

@testable import tessera_bench

/// How the bench reads the layout of the listed functions: found by name, the 4 KB pages their code
/// touches, against the fewest their sizes fill.
final class LinkOrderCheckTests: XCTestCase {
    func testListedFunctionsAreCountedOnThePagesTheirCodeTouches() {
        let list = """
            # a comment line, not a name
            first
            second
            gone

            crossing
            """
        let symbols: [Substring: (address: Int, size: Int)] = [
            "first": (0x1000, 0x100),
            "second": (0x1100, 0x200),
            // From the last 16 bytes of page 2 into page 3.
            "crossing": (0x2FF0, 0x20),
            "unlisted": (0x9000, 0x10),
        ]
        let check = LinkOrderCheck(list: list, symbols: symbols)
        XCTAssertEqual(check.listed, 4)
        XCTAssertEqual(check.found, 3)
        XCTAssertEqual(check.pages, 3)
        XCTAssertEqual(check.fewestPages, 1)
    }

    /// The same functions spread one to a page read as spread.
    func testSpreadFunctionsTakeAPageEach() {
        let symbols: [Substring: (address: Int, size: Int)] = [
            "a": (0x10000, 0x40), "b": (0x20000, 0x40), "c": (0x30000, 0x40),
        ]
        let check = LinkOrderCheck(list: "a\nb\nc\n", symbols: symbols)
        XCTAssertEqual(check.found, 3)
        XCTAssertEqual(check.pages, 3)
        XCTAssertEqual(check.fewestPages, 1)
    }
}
