import TesseraGeometry

/// The article's custom behaviour for the outer scroll (WWDC 2023 "Beyond scroll views", "Targets and positions"; docs/BEHAVIOUR.md#snap-to-top): a fling
/// towards the top that would end near it ends exactly at the top.
///
///     if target.rect.minY < context.containerSize.height / 3.0, context.velocity.dy < 0.0 {
///         target.rect.origin.y = 0.0
///     }
///
/// Any other fling keeps its natural resting point; a resize (velocity zero) changes nothing.
struct GalleryScrollTargetBehavior: ScrollTargetBehavior, Equatable {
    /// The fraction of the container's height that counts as near the top (the article's 1/3).
    var topZoneFraction: Double

    init(topZoneFraction: Double = 1.0 / 3.0) {
        self.topZoneFraction = topZoneFraction
    }

    func updateTarget(_ target: inout ScrollTarget, context: ScrollTargetContext) {
        if target.rect.minY < context.containerSize.height * topZoneFraction, context.velocity.y < 0 {
            target.rect.y = 0
        }
    }
}
