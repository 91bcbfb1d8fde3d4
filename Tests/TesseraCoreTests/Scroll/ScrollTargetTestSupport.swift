import TesseraGeometry
import XCTest

@testable import TesseraCore

/// A horizontal row like the gallery's Featured one: `cards` cards `cardWidth` wide, `spacing` apart,
/// with `margin` content margins on both ends, in a container `container` points wide.
struct SampleRow {
    var cards = 12
    var cardWidth = 487.0
    var spacing = 10.0
    var margin = 20.0
    var container = 1024.0

    var geometry: ScrollGeometry {
        let targets = (0..<cards).map { Rect(margin + Double($0) * (cardWidth + spacing), 0, cardWidth, 274) }
        let content = 2 * margin + Double(cards) * cardWidth + Double(cards - 1) * spacing
        return ScrollGeometry(
            axis: .horizontal, containerSize: Size(container, 274), contentSize: Size(content, 274),
            contentMargins: ContentMargins(margin), targets: targets)
    }

    /// Where card `index` rests at the leading margin, unclamped (points).
    func aligned(_ index: Int) -> Double { Double(index) * (cardWidth + spacing) }

    /// What `behavior` makes of a release at `released` points moving at `velocity` points/second whose
    /// fling would rest at `projected` points (default: the plain 0.998 projection).
    func target(
        _ behavior: some ScrollTargetBehavior, released: Double, velocity: Double, projected: Double? = nil,
        event: ScrollTargetContext.Event = .dragEnded
    ) -> Double {
        let g = geometry
        let rest = projected ?? Deceleration.normal.restingOffset(from: released, velocity: velocity)
        var target = ScrollTarget(rect: g.visibleRect(at: rest))
        let context = ScrollTargetContext(
            event: event, originalTarget: target, velocity: g.vector(velocity), currentOffset: released, geometry: g)
        behavior.updateTarget(&target, context: context)
        return target.offset(along: .horizontal)
    }

    /// A horizontal scroll axis over this row at rest at `offset` points.
    func axis(_ behavior: (any ScrollTargetBehavior)?, offset: Double = 0) -> ScrollAxis {
        var axis = ScrollAxis(axis: .horizontal)
        axis.targetBehavior = behavior
        axis.setGeometry(geometry)
        axis.scroll(to: offset, animated: nil)
        return axis
    }
}
