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

    /// A real binary's symbols, read through `nm`: this test's own executable has a `main` and no
    /// function by the made-up name.
    func testABinarysFunctionsAreReadThroughNm() throws {
        let order = FileManager.default.temporaryDirectory.appendingPathComponent("link-order-\(UUID()).order")
        try "# listed\nmain\nno_such_function_in_this_binary\n".write(to: order, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: order) }
        let binary = URL(fileURLWithPath: CommandLine.arguments[0])
        let check = try XCTUnwrap(LinkOrderCheck.of(binary: binary, order: order))
        XCTAssertEqual(check.listed, 2)
        XCTAssertEqual(check.found, 1)
        XCTAssertEqual(check.fewestPages, 1)
    }

    /// No list, no check (a checkout without Tools/link-order).
    func testNoListReadsAsUnknown() {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0])
        XCTAssertNil(LinkOrderCheck.of(binary: binary, order: URL(fileURLWithPath: "/nonexistent/tessera.order")))
    }
}
