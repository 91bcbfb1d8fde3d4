import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

final class DrawListTests: XCTestCase {
    /// The damage redraws exactly the commands that are not equal to one of the last frame: a command
    /// equals one made the same way, and differs from one with any of its values changed.
    func testACommandEqualsOnlyOneWithTheSameValues() {
        let all = Self.variants
        for (i, a) in all.enumerated() {
            for (j, b) in all.enumerated() {
                XCTAssertEqual(a == b, i == j, "\(a) against \(b)")
            }
        }
        // Made again, not copied: the same values are the same command.
        let r = Rect(1, 2, 30, 40)
        XCTAssertEqual(
            DrawCommand.photo(id: PhotoID("a" + "b"), frame: r, radius: 4, opacity: 1, clip: Rect(1, 2, 30, 40)),
            .photo(id: "ab", frame: r, radius: 4, opacity: 1, clip: r))
    }

    /// Commands with the same bytes are alike without `==` (`sameBytes`): no two unlike commands are.
    func testUnlikeCommandsNeverHaveTheSameBytes() {
        Self.variants.withUnsafeBufferPointer { commands in
            for i in commands.indices {
                for j in commands.indices where i != j {
                    XCTAssertFalse(
                        DrawCommand.sameBytes(commands.baseAddress! + i, commands.baseAddress! + j),
                        "\(commands[i]) against \(commands[j])")
                }
            }
        }
    }

    /// Two frames' lists share the ends whose commands are equal, whether their strings share storage
    /// (the same bytes) or are equal strings stored apart (left to `==`).
    func testSharedEndsCountEqualCommandsWhereverTheirStringsAreStored() {
        let style = TextStyle(size: 17, weight: .bold)
        func caption(_ words: String, y: Double) -> DrawCommand {
            .text(words, anchor: Point(1, y), alignment: .leading, style: style, color: Color(0, 0, 0), clip: nil)
        }
        func fill(x: Double) -> DrawCommand { .fill(Rect(x, 0, 10, 10), radius: 0, color: Color(1, 2, 3), clip: nil) }
        // Too long for a string kept inline: each is its own buffer.
        let words = String(repeating: "a caption longer than a small string ", count: 2)
        let sameWords = String(repeating: "a caption longer than a small string ", count: 2)
        let old = [caption(words, y: 1), fill(x: 0), caption(words, y: 3)]
        let new = [caption(sameWords, y: 1), fill(x: 5), caption(sameWords, y: 3)]
        old.withUnsafeBufferPointer { a in
            new.withUnsafeBufferPointer { b in
                XCTAssertFalse(DrawCommand.sameBytes(a.baseAddress!, b.baseAddress!), "the strings are stored apart")
            }
        }
        let apart = DrawCommand.sharedEnds(old, new)
        XCTAssertEqual([apart.prefix, apart.suffix], [1, 1])
        let kept = DrawCommand.sharedEnds(old, old)
        XCTAssertEqual([kept.prefix, kept.suffix], [3, 0])
        let moved = DrawCommand.sharedEnds(old, [caption(words, y: 2)] + old.dropFirst())
        XCTAssertEqual([moved.prefix, moved.suffix], [0, 2])
    }

    /// One command of each case, then the same with each of its values changed in turn.
    private static var variants: [DrawCommand] {
        let r = Rect(1, 2, 30, 40)
        let other = Rect(1, 2, 30, 41)
        let c = Color(10, 20, 30)
        let d = Color(10, 20, 31)
        let s = TextStyle(size: 17, weight: .bold)
        let t = TextStyle(size: 17, weight: .bold, design: .rounded)
        let variants: [[DrawCommand]] = [
            [
                .fill(r, radius: 4, color: c, clip: nil), .fill(other, radius: 4, color: c, clip: nil),
                .fill(r, radius: 5, color: c, clip: nil), .fill(r, radius: 4, color: d, clip: nil),
                .fill(r, radius: 4, color: c, clip: r),
            ],
            [
                .photo(id: "a", frame: r, radius: 4, opacity: 1, clip: r),
                .photo(id: "b", frame: r, radius: 4, opacity: 1, clip: r),
                .photo(id: "a", frame: other, radius: 4, opacity: 1, clip: r),
                .photo(id: "a", frame: r, radius: 3, opacity: 1, clip: r),
                .photo(id: "a", frame: r, radius: 4, opacity: 0.5, clip: r),
                .photo(id: "a", frame: r, radius: 4, opacity: 1, clip: other),
                .photo(id: "a", frame: r, radius: 4, opacity: 1, clip: nil),
            ],
            [
                .text("Done", anchor: Point(1, 2), alignment: .center, style: s, color: c, clip: nil),
                .text("Don", anchor: Point(1, 2), alignment: .center, style: s, color: c, clip: nil),
                .text("Done", anchor: Point(1, 3), alignment: .center, style: s, color: c, clip: nil),
                .text("Done", anchor: Point(1, 2), alignment: .leading, style: s, color: c, clip: nil),
                .text("Done", anchor: Point(1, 2), alignment: .center, style: t, color: c, clip: nil),
                .text("Done", anchor: Point(1, 2), alignment: .center, style: s, color: d, clip: nil),
                .text("Done", anchor: Point(1, 2), alignment: .center, style: s, color: c, clip: r),
            ],
            [
                .shadow(frame: r, cornerRadius: 4, radius: 8, color: c, clip: nil),
                .shadow(frame: other, cornerRadius: 4, radius: 8, color: c, clip: nil),
                .shadow(frame: r, cornerRadius: 5, radius: 8, color: c, clip: nil),
                .shadow(frame: r, cornerRadius: 4, radius: 9, color: c, clip: nil),
                .shadow(frame: r, cornerRadius: 4, radius: 8, color: d, clip: nil),
                .shadow(frame: r, cornerRadius: 4, radius: 8, color: c, clip: r),
            ],
            [
                .backdropBlur(region: r, radius: 20, tint: c, opacity: 1),
                .backdropBlur(region: other, radius: 20, tint: c, opacity: 1),
                .backdropBlur(region: r, radius: 21, tint: c, opacity: 1),
                .backdropBlur(region: r, radius: 20, tint: d, opacity: 1),
                .backdropBlur(region: r, radius: 20, tint: c, opacity: 0.9),
            ],
            [
                .paragraph("Words", frame: r, style: s, color: c, clip: nil),
                .paragraph("Word", frame: r, style: s, color: c, clip: nil),
                .paragraph("Words", frame: other, style: s, color: c, clip: nil),
                .paragraph("Words", frame: r, style: t, color: c, clip: nil),
                .paragraph("Words", frame: r, style: s, color: d, clip: nil),
                .paragraph("Words", frame: r, style: s, color: c, clip: r),
            ],
            [
                .cross(center: Point(5, 5), size: 10, lineWidth: 2, color: c, clip: nil),
                .cross(center: Point(5, 6), size: 10, lineWidth: 2, color: c, clip: nil),
                .cross(center: Point(5, 5), size: 11, lineWidth: 2, color: c, clip: nil),
                .cross(center: Point(5, 5), size: 10, lineWidth: 3, color: c, clip: nil),
                .cross(center: Point(5, 5), size: 10, lineWidth: 2, color: d, clip: nil),
                .cross(center: Point(5, 5), size: 10, lineWidth: 2, color: c, clip: r),
            ],
            [
                .ring(r, radius: 4, width: 2, color: c, clip: nil),
                .ring(other, radius: 4, width: 2, color: c, clip: nil),
                .ring(r, radius: 5, width: 2, color: c, clip: nil), .ring(r, radius: 4, width: 3, color: c, clip: nil),
                .ring(r, radius: 4, width: 2, color: d, clip: nil), .ring(r, radius: 4, width: 2, color: c, clip: r),
            ],
        ]
        return variants.flatMap { $0 }
    }
}
