import CSDL2
import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// The articles' titles are Chinese; DejaVu has no CJK glyphs, so they come from a fallback face that
/// fontconfig finds (Noto Sans CJK from fonts-noto-cjk, which `make test` installs), shaped by SDL_ttf's
/// HarfBuzz. Before, they drew as empty boxes: one identical box per character.
final class FontFallbackRenderingTests: XCTestCase {
    func testChineseTextComesFromAFallbackFaceThatHasItsGlyphs() throws {
        let fonts = try FontSet()
        let style = TextStyle(size: 28, weight: .regular)
        let primary = try XCTUnwrap(fonts.font(for: style, pixelSize: 28))
        XCTAssertEqual(TTF_GlyphIsProvided32(primary, 0x521B), 0, "DejaVu has no 创")
        let font = try XCTUnwrap(fonts.font(for: "创建一个hero transition", style: style, pixelSize: 28))
        XCTAssertNotEqual(font, primary)
        for scalar in "创建一个hero".unicodeScalars { XCTAssertNotEqual(TTF_GlyphIsProvided32(font, scalar.value), 0) }
        // Latin text keeps its own face.
        XCTAssertEqual(fonts.font(for: "Lofoten", style: style, pixelSize: 28), primary)
        // SDL_ttf was built with HarfBuzz: setting a script for shaping succeeds only then.
        XCTAssertEqual(TTF_SetFontScriptName(font, "Hani"), 0, "SDL_ttf shapes with HarfBuzz")
    }

    func testDifferentCharactersDrawDifferentGlyphsNotBoxes() throws {
        func ink(_ text: String) throws -> [UInt32] {
            let (canvas, renderer) = try RenderFixture.renderer(
                width: 160, height: 60, photos: PhotoLibrary(photos: []))
            var list = DrawList()
            list.append(
                .text(
                    text, anchor: Point(80, 30), alignment: .center, style: TextStyle(size: 28, weight: .bold),
                    color: Color(0, 0, 0), clip: nil))
            renderer.render(list, background: Color(255, 255, 255))
            return try Pixels(canvas).values
        }
        let a = try ink("创建")
        let b = try ink("一个")
        XCTAssertGreaterThan(a.filter { Pixels.channels($0).r < 128 }.count, 100, "ink, not nothing")
        XCTAssertNotEqual(a, b, "two different words draw differently (two tofu pairs would be identical)")
    }
}
