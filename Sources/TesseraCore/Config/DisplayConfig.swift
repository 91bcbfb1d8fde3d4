/// The display: how many pixels a point is (docs/KIOSK.md, "Deploying a kiosk": HiDPI).
package struct DisplayConfig: Codable, Equatable, Sendable {
    /// Pixels per point; 0 follows the display (the Wayland output's scale, or on X11 `GDK_SCALE`,
    /// `QT_SCALE_FACTOR`, `Xft.dpi`). `--scale` overrides it. Above 0, less than 0.5 counts as 0.5.
    var scale = 0.0
    init() {}

    /// The scale the user chose here, nil for the display's.
    package var chosenScale: Double? { scale > 0 ? max(DisplayScale.range.lowerBound, scale) : nil }
}

extension DisplayConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("scale", scale, 0...DisplayScale.range.upperBound)
    }
}
