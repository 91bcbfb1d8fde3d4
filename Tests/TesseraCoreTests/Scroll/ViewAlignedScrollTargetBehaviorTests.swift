import TesseraGeometry
import XCTest

@testable import TesseraCore

/// `.viewAligned`: rest with a card's leading edge on the leading content margin; limits per swipe.
final class ViewAlignedScrollTargetBehaviorTests: XCTestCase {
    let row = SampleRow()
    let free = ViewAlignedScrollTargetBehavior(limitBehavior: .never)
    let limited = ViewAlignedScrollTargetBehavior(limitBehavior: .always)

    func testAReleaseWithoutVelocityRestsOnTheNearestCard() {
        XCTAssertEqual(row.target(free, released: 1234, velocity: 0), row.aligned(2))  // 1234 / 497 = 2.48
        XCTAssertEqual(row.target(free, released: 1250, velocity: 0), row.aligned(3))
        XCTAssertEqual(row.target(free, released: row.aligned(5), velocity: 0), row.aligned(5))
    }

    func testAFlingRestsOnTheCardNearestItsProjection() {
        for (released, velocity) in [(100.0, 3000.0), (2000, 6000), (4000, -5000), (300, 800)] {
            let projected = Deceleration.normal.restingOffset(from: released, velocity: velocity)
            let nearest = (0..<12).map(row.aligned).filter { $0 <= 10 * 497 }.min {
                abs($0 - projected) < abs($1 - projected)
            }!
            XCTAssertEqual(
                row.target(free, released: released, velocity: velocity), nearest, "\(released), \(velocity)")
        }
    }

    func testAFlingNeverRestsBehindWhereItLetGo() {
        // Just past card 2 moving forwards slowly: the nearest card to the projection is card 2,
        // behind the release, so it goes on to card 3.
        XCTAssertEqual(row.target(free, released: row.aligned(2) + 6, velocity: 20), row.aligned(3))
        XCTAssertEqual(row.target(free, released: row.aligned(2) - 6, velocity: -20), row.aligned(1))
        // Resting exactly on a card and flicked: the next one.
        XCTAssertEqual(row.target(free, released: row.aligned(4), velocity: 15), row.aligned(5))
    }

    /// A fast fling must not skip cards beyond the limit, however fast.
    func testALimitedSwipeMovesAtMostOneCardWhateverTheVelocity() {
        for velocity in [11.0, 200, 2000, 8000, 50000, 1e7] {
            for past in [0.0, 0.3, 120, 400, 496] {
                let released = row.aligned(3) + past
                XCTAssertEqual(
                    row.target(limited, released: released, velocity: velocity), row.aligned(4),
                    "forwards at \(velocity) from \(past) past card 3")
                XCTAssertEqual(
                    row.target(limited, released: row.aligned(7) - past, velocity: -velocity), row.aligned(6),
                    "backwards at \(velocity) from \(past) before card 7")
            }
        }
    }

    func testALimitedSlowReleaseRestsOnEitherNeighbour() {
        XCTAssertEqual(row.target(limited, released: row.aligned(3) + 200, velocity: 0), row.aligned(3))
        XCTAssertEqual(row.target(limited, released: row.aligned(3) + 300, velocity: 0), row.aligned(4))
    }

    func testAutomaticLimitsInTheCompactSizeClassOnly() {
        let compact = ViewAlignedScrollTargetBehavior(limitBehavior: .automatic, sizeClass: .compact)
        let regular = ViewAlignedScrollTargetBehavior(limitBehavior: .automatic, sizeClass: .regular)
        XCTAssertTrue(compact.isLimited)
        XCTAssertFalse(regular.isLimited)
        XCTAssertEqual(row.target(compact, released: 10, velocity: 8000), row.aligned(1))
        XCTAssertGreaterThan(row.target(regular, released: 10, velocity: 8000), row.aligned(5))
    }

    /// Snapping stays aligned with the content margins, whatever they are.
    func testRestingCardsSitExactlyOnTheContentMargin() {
        for margin in [0.0, 5, 20, 37.5, 100] {
            var r = SampleRow()
            r.margin = margin
            for (released, velocity) in [(700.0, 0.0), (1000, 2500), (3000, -900)] {
                let offset = r.target(free, released: released, velocity: velocity)
                let leadingEdges = r.geometry.targets.map { $0.minX - offset }
                XCTAssertTrue(leadingEdges.contains(margin), "margin \(margin): edges \(leadingEdges)")
            }
        }
    }

    func testCardsBeyondTheEndRestAtTheEnd() {
        // Regular: two cards fill the row, so the last card can never reach the margin.
        let end = row.geometry.maxOffset
        XCTAssertEqual(end, row.aligned(10))
        XCTAssertEqual(row.target(free, released: end - 100, velocity: 9000), end)
        XCTAssertEqual(row.target(limited, released: end, velocity: 9000), end)
    }

    /// A resize asks again with no velocity: the nearest card.
    func testAResizeRestsOnTheNearestCard() {
        XCTAssertEqual(
            row.target(free, released: 1300, velocity: 0, projected: 1300, event: .containerResized), row.aligned(3))
    }

    func testNoTargetsLeavesTheTargetAlone() {
        var r = SampleRow()
        r.cards = 0
        XCTAssertEqual(r.target(free, released: 0, velocity: 500, projected: 250), 250)
    }

    /// Offsets at very large content sizes stay exact: a million cards of a fractional width.
    func testAMillionCardsStayExact() {
        var r = SampleRow()
        r.cards = 1_000_000
        r.cardWidth = 487.3
        let geometry = r.geometry
        let k = 999_990
        let released = geometry.targets[k].minX - r.margin + 130
        let offset = r.target(limited, released: released, velocity: 4000)
        XCTAssertEqual(offset, geometry.targets[k + 1].minX - r.margin)
        XCTAssertEqual(geometry.targets[k + 1].minX - offset, r.margin, accuracy: 1e-6)

        var axis = r.axis(limited, offset: released)
        axis.endDrag(velocity: 4000)
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, offset, "the spring lands on the target exactly")
        XCTAssertEqual(geometry.targets[k + 1].minX - axis.offset, r.margin, accuracy: 1e-6)
    }
}
