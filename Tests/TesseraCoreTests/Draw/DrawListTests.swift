import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

final class DrawListTests: XCTestCase {
    /// The damage redraws exactly the commands that are not equal to one of the last frame: a command
    /// equals one made the same way, and differs from one with any of its values changed.
    func testACommandEqualsOnlyOneWithTheSameValues() {
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
        let all = variants.flatMap { $0 }
        for (i, a) in all.enumerated() {
            for (j, b) in all.enumerated() {
                XCTAssertEqual(a == b, i == j, "\(a) against \(b)")
            }
        }
        // Made again, not copied: the same values are the same command.
        XCTAssertEqual(
            DrawCommand.photo(id: PhotoID("a" + "b"), frame: r, radius: 4, opacity: 1, clip: Rect(1, 2, 30, 40)),
            .photo(id: "ab", frame: r, radius: 4, opacity: 1, clip: r))
    }
}
