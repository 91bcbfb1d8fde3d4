import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The article's custom outer behaviour: near the top and flung towards it → the top.
final class GalleryScrollTargetBehaviorTests: XCTestCase {
    private func target(
        projected: Double, velocity: Double, height: Double = 600, event: ScrollTargetContext.Event = .dragEnded
    ) -> Double {
        let geometry = ScrollGeometry(
            axis: .vertical, containerSize: Size(400, height), contentSize: Size(400, 3000))
        var target = ScrollTarget(rect: geometry.visibleRect(at: projected))
        let context = ScrollTargetContext(
            event: event, originalTarget: target, velocity: Point(0, velocity), currentOffset: projected + 50,
            geometry: geometry)
        GalleryScrollTargetBehavior().updateTarget(&target, context: context)
        return target.rect.minY
    }

    func testAFlingTowardsTheTopEndingInItsTopThirdGoesToTheTop() {
        XCTAssertEqual(target(projected: 199, velocity: -300), 0)
        XCTAssertEqual(target(projected: -40, velocity: -300), 0)
    }

    func testOtherwiseTheTargetStays() {
        XCTAssertEqual(target(projected: 200, velocity: -300), 200, "600 / 3 = 200 is not below the third")
        XCTAssertEqual(target(projected: 150, velocity: 300), 150, "towards the bottom")
        XCTAssertEqual(target(projected: 150, velocity: 0, event: .containerResized), 150, "a resize")
    }
}
