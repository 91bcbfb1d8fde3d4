import TesseraGeometry
import XCTest

@testable import TesseraCore

final class ContainerRelativeFrameTests: XCTestCase {
    /// Apple's formula (docs/BEHAVIOUR.md#container-relative-frames-and-size-classes):
    /// column = (container − spacing·(count−1)) / count; item = column·span + (span−1)·spacing.
    func testThePublishedFormula() {
        XCTAssertEqual(ContainerRelativeFrame(count: 2, spacing: 10).length(in: 984), 487)
        XCTAssertEqual(ContainerRelativeFrame(count: 1, spacing: 10).length(in: 560), 560)
        let spanning = ContainerRelativeFrame(count: 3, span: 2, spacing: 10)
        XCTAssertEqual(spanning.column(in: 984), (984 - 20) / 3.0, accuracy: 1e-12)
        XCTAssertEqual(spanning.length(in: 984), 2 * (984 - 20) / 3.0 + 10, accuracy: 1e-12)
    }

    func testDegenerateInputs() {
        XCTAssertEqual(ContainerRelativeFrame(count: 0, spacing: 10).count, 1)
        XCTAssertEqual(ContainerRelativeFrame(count: 2, span: 5, spacing: 10).span, 2)
        XCTAssertEqual(ContainerRelativeFrame(count: 4, spacing: 10).length(in: 10), 0, "never negative")
    }
}

final class GalleryLayoutTests: XCTestCase {
    private func layout(_ width: Double, _ height: Double = 768) -> GalleryLayout {
        GalleryLayout(config: GalleryConfig(), chrome: ChromeConfig(), window: Size(width, height))
    }

    func testFeaturedCardsInTheRegularSizeClass() {
        let l = layout(1024)
        XCTAssertEqual(l.sizeClass, .regular)
        let featured = l.rows[0]
        XCTAssertEqual(featured.id, "featured")
        XCTAssertEqual(featured.cardSize.width, (1024 - 40 - 10) / 2)
        XCTAssertEqual(featured.cardSize.height, featured.cardSize.width * 9 / 16, accuracy: 1e-12)
        XCTAssertEqual(featured.cardFrame(at: 0).minX, 20, "the first card starts at the content margin")
        XCTAssertEqual(featured.cardFrame(at: 1).minX, 20 + 487 + 10)
        XCTAssertEqual(featured.contentSize.width, 5994, "20 + 12·487 + 11·10 + 20")
        XCTAssertEqual(featured.frame.width, 1024, "the row's clip is the whole width: margins do not clip")
    }

    func testFeaturedCardsInTheCompactSizeClass() {
        let l = layout(600, 900)
        XCTAssertEqual(l.sizeClass, .compact)
        XCTAssertEqual(l.rows[0].cardSize.width, 600 - 40)
        XCTAssertEqual(l.rows[0].cardSize.height, 560 * 9 / 16)
    }

    func testTheSizeClassChangesAtTheConfiguredWidth() {
        XCTAssertEqual(layout(699.5).sizeClass, .compact)
        XCTAssertEqual(layout(700).sizeClass, .regular)
        var config = GalleryConfig()
        config.compactWidth = 1100
        XCTAssertEqual(
            GalleryLayout(config: config, chrome: ChromeConfig(), window: Size(1024, 768)).sizeClass, .compact)
    }

    func testSectionsStackWithLabelsAndDividers() {
        let l = layout(1024)
        XCTAssertEqual(l.viewport, Rect(0, 64, 1024, 704), "below the chrome band")
        XCTAssertGreaterThanOrEqual(l.rows.count, 4)
        XCTAssertEqual(l.rows[0].label.minY, 10, "half the section spacing above")
        XCTAssertNotNil(l.rows[0].positionLine)
        XCTAssertTrue(l.rows.dropFirst().allSatisfy { $0.positionLine == nil })
        for (upper, lower) in zip(l.rows, l.rows.dropFirst()) {
            let divider = try! XCTUnwrap(upper.divider)
            XCTAssertEqual(divider.minX, 20)
            XCTAssertEqual(divider.width, 1024 - 40, "inset by the horizontal margin")
            XCTAssertGreaterThanOrEqual(divider.minY, upper.frame.maxY)
            XCTAssertLessThan(divider.maxY, lower.label.minY)
            XCTAssertEqual(lower.frame.minY - lower.label.maxY, 8, "label spacing")
        }
        XCTAssertNil(l.rows.last!.divider, "no divider under the last section")
        XCTAssertEqual(l.contentHeight, l.rows.last!.frame.maxY + 20)
        XCTAssertGreaterThan(l.contentHeight, l.viewport.height, "the outer scroll has room to move")
    }

    func testATinyWindowHasNoNegativeSizes() {
        let l = layout(30, 40)
        XCTAssertGreaterThanOrEqual(l.viewport.height, 0)
        for row in l.rows {
            XCTAssertGreaterThanOrEqual(row.cardSize.width, 0)
            XCTAssertGreaterThanOrEqual(row.contentSize.width, 0)
        }
    }
}
