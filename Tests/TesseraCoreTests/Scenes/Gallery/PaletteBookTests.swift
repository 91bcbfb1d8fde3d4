import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The palettes shipped in `Assets/Gallery`.
private let shippedPalettesPath = repositoryResources.asset("Gallery", "palettes.json")

final class PaletteBookTests: XCTestCase {
    func testTheShippedPalettes() throws {
        let book = try PaletteBook.load(path: shippedPalettesPath)
        XCTAssertGreaterThanOrEqual(book.palettes.count, 8)
        XCTAssertEqual(Set(book.palettes.map(\.name)).count, book.palettes.count, "names are unique")
        XCTAssertTrue(book.palettes.allSatisfy { $0.colors.count == 3 })
    }

    func testPalettesCycle() {
        let book = PaletteBook(
            palettes: ["A", "B", "C"].map { Palette(name: $0, background: Color(0, 0, 0), colors: []) })
        XCTAssertEqual(book.palette(first: 1, index: 0)?.name, "B")
        XCTAssertEqual(book.palette(first: 1, index: 4)?.name, "C")
        XCTAssertNil(PaletteBook.empty.palette(first: 0, index: 0))
    }

    func testBadFilesNameTheProblem() {
        func message(_ json: String) -> String {
            do {
                _ = try PaletteBook.decode(Data(json.utf8))
                return "no error"
            } catch { return "\(error)" }
        }
        XCTAssertEqual(message("{"), "not valid JSON")
        XCTAssertEqual(message(#"{"palettes": []}"#), "no palettes")
        XCTAssertTrue(
            message(##"{"palettes": [{"name": "X", "background": "#FFF", "colors": []}]}"##).hasPrefix(
                "palettes[0].background"))
        XCTAssertEqual(
            message(##"{"palettes": [{"name": "X", "background": "#FFFFFF", "colors": ["#000000"]}]}"##),
            "palettes[0].colors: expected 3 colours, got 1")
        XCTAssertEqual(
            message(##"{"palettes": [{"background": "#FFFFFF", "colors": []}]}"##), "palettes[0].name: missing")
    }

    func testAMissingFileIsNamed() {
        XCTAssertThrowsError(try PaletteBook.load(path: "/nonexistent/palettes.json")) { error in
            XCTAssertEqual(
                "\(error)", "palettes /nonexistent/palettes.json: cannot read the file (no such file or directory)")
        }
    }

    /// Issue 48: a 2 GB (sparse) file named as the palettes is refused by its size, never read.
    func testAHugeFileIsRefusedByItsSizeUnread() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("palettes-\(UUID().uuidString).json")
            .path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        defer { unlink(path) }
        XCTAssertEqual(truncate(path, 2 << 30), 0)
        XCTAssertThrowsError(try PaletteBook.load(path: path)) { error in
            XCTAssertEqual(
                "\(error)", "palettes \(path): cannot read the file (larger than 1 MB: the file is 2.0 GB, not read)")
        }
    }
}
