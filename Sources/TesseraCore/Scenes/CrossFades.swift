import TesseraGeometry
import TesseraPhotos

/// Reduce motion (`reduceMotion` in the config; iOS's Reduce Motion, Apple's
/// `UIAccessibility.isReduceMotionEnabled`, which swaps zooming and sliding transitions for dissolves): a
/// photo that changes place is there at once, and dissolves — its old place fading out while the new one
/// fades in, on the scene's spring — instead of flying. The photo is still one tile; the old place is
/// drawn here until its fade ends.
struct CrossFades: Sendable {
    struct Fade: Sendable {
        /// The old place (window points) and its corner radius.
        var from: Rect
        var radius: Double
        /// 0 → 1: how far the dissolve has gone.
        var progress: AnimatedValue
    }

    private(set) var fades: [PhotoID: Fade] = [:]

    /// Starts `id`'s dissolve from `frame` (drawn there with `radius`), on `spring`.
    mutating func begin(_ id: PhotoID, from frame: Rect, radius: Double, spring: SpringParameters) {
        var progress = AnimatedValue(0, restThreshold: 0.002)
        progress.animate(to: 1, with: spring)
        fades[id] = Fade(from: frame, radius: radius, progress: progress)
    }

    mutating func step(_ dt: Double) {
        guard !fades.isEmpty else { return }
        for id in Array(fades.keys) { fades[id]?.progress.step(dt) }
        fades = fades.filter { !$0.value.progress.isSettled }
    }

    /// The opacity of `id` at its new place (1 when it is not dissolving).
    func opacity(of id: PhotoID) -> Double {
        // Asked of every tile drawn, every frame: with no fade under way, no id is hashed.
        guard !fades.isEmpty else { return 1 }
        return fades[id].map { min(1, max(0, $0.progress.value)) } ?? 1
    }

    /// The old places, fading out, in id order (repeatable); `image` names the picture a tile shows
    /// (its own id for a photo).
    func drawOutgoing(image: (PhotoID) -> PhotoID? = { $0 }, into list: inout DrawList) {
        // Most frames have none: no sort, no array.
        guard !fades.isEmpty else { return }
        for (id, fade) in fades.sorted(by: { $0.key < $1.key }) {
            let opacity = 1 - min(1, max(0, fade.progress.value))
            guard opacity > 0, let picture = image(id) else { continue }
            list.append(.photo(id: picture, frame: fade.from, radius: fade.radius, opacity: opacity, clip: nil))
        }
    }

    var isSettled: Bool { fades.isEmpty }
}
