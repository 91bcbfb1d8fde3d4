import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

final class TextRenderingTests: XCTestCase {
    let background = Color(255, 255, 255)

    func testTextDrawsPixelsNearItsAnchorAndIsCached() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 200, height: 60, photos: PhotoLibrary(photos: []))
        var list = DrawList()
        let style = TextStyle(size: 17, weight: .bold)
        list.append(
            .text("Photos", anchor: Point(100, 30), alignment: .center, style: style, color: Color(0, 0, 0), clip: nil))
        renderer.render(list, background: background)
        let p = try Pixels(canvas)
        let dark = (0..<p.values.count).filter { Pixels.channels(p.values[$0]).r < 128 }
        XCTAssertGreaterThan(dark.count, 50)
        // Centred on the anchor: the ink's horizontal extent is about symmetric around x = 100.
        let xs = dark.map { $0 % p.width }
        let ys = dark.map { $0 / p.width }
        XCTAssertEqual(Double(xs.min()! + xs.max()!) / 2, 100, accuracy: 3)
        XCTAssertEqual(Double(ys.min()! + ys.max()!) / 2, 30, accuracy: 4)
        // A second frame reuses the texture.
        renderer.render(list, background: background)
        XCTAssertEqual(renderer.text.cachedCount, 1)
    }

    func testAlignmentLeadingAndTrailing() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 200, height: 60, photos: PhotoLibrary(photos: []))
        let style = TextStyle(size: 14, weight: .regular)
        var list = DrawList()
        list.append(
            .text("Left", anchor: Point(100, 15), alignment: .leading, style: style, color: Color(0, 0, 0), clip: nil))
        list.append(
            .text("Right", anchor: Point(100, 45), alignment: .trailing, style: style, color: Color(0, 0, 0), clip: nil)
        )
        renderer.render(list, background: background)
        let p = try Pixels(canvas)
        let top = (0..<30).flatMap { y in (0..<200).filter { Pixels.channels(p[$0, y]).r < 128 } }
        let bottom = (30..<60).flatMap { y in (0..<200).filter { Pixels.channels(p[$0, y]).r < 128 } }
        XCTAssertGreaterThanOrEqual(top.min()!, 99)
        XCTAssertLessThanOrEqual(bottom.max()!, 101)
    }

    /// A frame that redraws only its damage skips a label it knows lies outside it; a label changed under
    /// the same command is not known, and is drawn where it is now.
    func testALabelMovedUnderTheSameCommandIsDrawnInTheDamage() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 200, height: 60, photos: PhotoLibrary(photos: []))
        let style = TextStyle(size: 17, weight: .bold)
        func frame(_ x: Double) -> DrawList {
            var list = DrawList()
            list.append(.fill(Rect(0, 0, 10, 10), radius: 0, color: Color(0, 0, 255), clip: nil))
            list.append(
                .text("Move", anchor: Point(x, 30), alignment: .leading, style: style, color: Color(0, 0, 0), clip: nil)
            )
            return list
        }
        renderer.render(frame(10), background: background)
        renderer.render(frame(10), background: background, damage: [Rect(100, 0, 100, 60)])
        renderer.render(frame(120), background: background, damage: [Rect(100, 0, 100, 60)])
        let p = try Pixels(canvas)
        let ink = (0..<60).flatMap { y in (100..<200).filter { Pixels.channels(p[$0, y]).r < 128 } }
        XCTAssertGreaterThan(ink.count, 30)
        XCTAssertGreaterThanOrEqual(ink.min() ?? 0, 119)
    }

    func testMeasureGrowsWithTheStringAndIsInPoints() throws {
        let (_, renderer) = try RenderFixture.renderer(width: 10, height: 10, photos: PhotoLibrary(photos: []))
        let style = TextStyle(size: 20, weight: .regular)
        let short = renderer.measure("Hi", style: style)
        let long = renderer.measure("Hi there, longer", style: style)
        XCTAssertGreaterThan(long.width, short.width * 3)
        XCTAssertEqual(short.height, long.height)
        XCTAssertGreaterThan(short.height, 18)
        XCTAssertLessThan(short.height, 30)
        renderer.pixelsPerPoint = 2
        let hiDPI = renderer.measure("Hi there, longer", style: style)
        XCTAssertEqual(hiDPI.width, long.width, accuracy: long.width * 0.06)
        XCTAssertEqual(renderer.measure("", style: style).width, 0)
    }

    func testTextOpacityAndClip() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 200, height: 60, photos: PhotoLibrary(photos: []))
        var list = DrawList()
        let style = TextStyle(size: 30, weight: .bold)
        list.append(
            .text(
                "MMMM", anchor: Point(10, 30), alignment: .leading, style: style, color: Color(0, 0, 0, 128),
                clip: Rect(0, 0, 40, 60)))
        renderer.render(list, background: background)
        let p = try Pixels(canvas)
        let darkest = p.values.map { Pixels.channels($0).r }.min()!
        XCTAssertEqual(Double(darkest), 127, accuracy: 4)
        XCTAssertTrue((0..<60).allSatisfy { y in (40..<200).allSatisfy { p[$0, y] == background.argb } })
    }

    func testCacheIsBounded() throws {
        let canvas = try OffscreenCanvas(width: 50, height: 20)
        let text = TextRenderer(renderer: canvas.renderer, fonts: try FontSet(), capacity: 8)
        for i in 0..<30 {
            text.draw(
                "label \(i)", anchor: Point(0, 10), alignment: .leading, style: TextStyle(size: 10, weight: .regular),
                color: Color(0, 0, 0))
        }
        XCTAssertEqual(text.cachedCount, 8)
    }

    func testMissingFontFailsAtInitNamingThePath() {
        XCTAssertThrowsError(try FontSet(regularPath: "/nonexistent/Font.ttf")) { error in
            XCTAssertEqual(error as? FontSet.Error, .missingFont(path: "/nonexistent/Font.ttf"))
            XCTAssertTrue("\(error)".contains("/nonexistent/Font.ttf"))
        }
    }

    /// Issue 48: a 2 GB (sparse) file named as a font is refused by its size before FreeType reads it.
    func testAHugeFontFileIsRefusedByItsSize() throws {
        let folder = try RenderFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/huge.ttf"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        XCTAssertEqual(truncate(path, 2 << 30), 0)
        XCTAssertThrowsError(try FontSet(regularPath: path)) { error in
            XCTAssertEqual(
                "\(error)", "cannot open font \(path): the file is 2.0 GB, more than the 64 MB read")
        }
        XCTAssertEqual(mkfifo(folder + "/pipe.ttf", 0o600), 0)
        XCTAssertThrowsError(try FontSet(regularPath: folder + "/pipe.ttf")) { error in
            XCTAssertTrue("\(error)".contains("not a regular file (a FIFO)"), "\(error)")
        }
    }

    func testUnreadableFontFailsAtInit() throws {
        let folder = try RenderFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/broken.ttf"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("not a font".utf8)))
        XCTAssertThrowsError(try FontSet(boldPath: path)) { error in
            guard case .unreadableFont(let p, _)? = error as? FontSet.Error else { return XCTFail("\(error)") }
            XCTAssertEqual(p, path)
        }
    }
}
