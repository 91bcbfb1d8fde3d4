import Foundation
import TesseraGeometry

/// A rectangle (points) whose four components each chase their target on
/// their own spring (`AnimatedValue`): x, y, width, height.
///
/// A component whose target does not change keeps its spring and clock, as
/// SwiftUI animates only the values that changed.
struct AnimatedRect: Equatable, Sendable {
    private(set) var x: AnimatedValue
    private(set) var y: AnimatedValue
    private(set) var width: AnimatedValue
    private(set) var height: AnimatedValue

    /// A settled rect at `r` (points); `restThreshold` in points for each component.
    init(_ r: Rect, restThreshold: Double = 0.01) {
        x = AnimatedValue(r.x, restThreshold: restThreshold)
        y = AnimatedValue(r.y, restThreshold: restThreshold)
        width = AnimatedValue(r.width, restThreshold: restThreshold)
        height = AnimatedValue(r.height, restThreshold: restThreshold)
    }

    /// What is drawn this step, in points.
    var presented: Rect { Rect(x.value, y.value, width.value, height.value) }

    /// Where each component is heading, in points.
    var target: Rect { Rect(x.target, y.target, width.target, height.target) }

    /// d(presented)/dt per component, in points/second, packed as a Rect value.
    var velocity: Rect { Rect(x.velocity, y.velocity, width.velocity, height.velocity) }

    /// True when all four components rest on their targets.
    var isSettled: Bool { x.isSettled && y.isSettled && width.isSettled && height.isSettled }

    /// Retargets each changed component from its current value and velocity;
    /// components whose target is unchanged keep their springs and clocks.
    mutating func animate(to r: Rect, with p: SpringParameters) {
        if r.x != x.target { x.animate(to: r.x, with: p) }
        if r.y != y.target { y.animate(to: r.y, with: p) }
        if r.width != width.target { width.animate(to: r.width, with: p) }
        if r.height != height.target { height.animate(to: r.height, with: p) }
    }

    /// Puts the rect at `r` (points) moving at `velocity` (points/second per component), heading for `r`
    /// itself on `p`: a frame driven by something else (a finger, a zoom) that a later `animate(to:)`
    /// carries on from without a jump or a pause.
    mutating func hold(_ r: Rect, velocity v: Rect, with p: SpringParameters) {
        x.animate(from: r.x, velocity: v.x, to: r.x, with: p)
        y.animate(from: r.y, velocity: v.y, to: r.y, with: p)
        width.animate(from: r.width, velocity: v.width, to: r.width, with: p)
        height.animate(from: r.height, velocity: v.height, to: r.height, with: p)
    }

    /// Jumps to `r` (points) with zero velocity and settles.
    mutating func set(_ r: Rect) {
        x.set(r.x)
        y.set(r.y)
        width.set(r.width)
        height.set(r.height)
    }

    /// Re-bases the rect by `delta` points (x and y; sizes untouched), keeping
    /// every spring's displacement, velocity and clock: see `AnimatedValue.shift(by:)`.
    mutating func shift(by delta: Point) {
        x.shift(by: delta.x)
        y.shift(by: delta.y)
    }

    /// Advances every moving component by `dt` seconds.
    mutating func step(_ dt: Double) {
        x.step(dt)
        y.step(dt)
        width.step(dt)
        height.step(dt)
    }
}
