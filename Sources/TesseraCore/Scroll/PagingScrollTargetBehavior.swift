/// SwiftUI's `.paging`: a scroll rests on a whole page, one container length long, and one swipe turns
/// at most one page (docs/BEHAVIOUR.md#paging, as Flutter's `PageScrollPhysics`):
///
///     page = currentOffset / pageLength
///     page += 0.5 in the velocity's direction when |velocity| > flingVelocity
///     target = round(page) · pageLength
///
/// `currentOffset` is where the finger let go, not the projection: how hard the page was thrown
/// decides only whether it turns. The last page ends where the content does (the scroll view clamps
/// the target), as with UIScrollView. Paging has its own deceleration rate (WWDC 2023 "Beyond scroll
/// views"): UIKit's `.fast`, so a page settles briskly.
struct PagingScrollTargetBehavior: ScrollTargetBehavior, Equatable {
    /// Points/second: a release at least this fast turns the page in its direction.
    var flingVelocity: Double
    var deceleration: Deceleration?

    init(flingVelocity: Double = 10, deceleration: Deceleration = .fast) {
        self.flingVelocity = flingVelocity
        self.deceleration = deceleration
    }

    func updateTarget(_ target: inout ScrollTarget, context: ScrollTargetContext) {
        let pageLength = context.geometry.containerLength
        guard pageLength > 0 else { return }
        let v = context.axialVelocity
        var page = context.currentOffset / pageLength
        if v >= flingVelocity {
            page += 0.5
        } else if v <= -flingVelocity {
            page -= 0.5
        }
        target.setOffset(page.rounded() * pageLength, along: context.axis)
    }
}
