import XCTest

@testable import TesseraCore

extension ScrollAxis {
    /// A 600-point viewport onto 2000 points of content (maxOffset 1400).
    static func sample(offset: Double = 0) -> ScrollAxis {
        var axis = ScrollAxis()
        axis.setLengths(content: 2000, viewport: 600)
        axis.scroll(to: offset, animated: nil)
        return axis
    }

    /// Steps at 120 Hz until idle (or `limit` seconds), returning every presented offset.
    @discardableResult
    mutating func runUntilIdle(limit: Double = 20, dt: Double = 1.0 / 120) -> [Double] {
        var offsets: [Double] = []
        var t = 0.0
        while isMoving && t < limit {
            step(dt)
            offsets.append(offset)
            t += dt
        }
        return offsets
    }
}
