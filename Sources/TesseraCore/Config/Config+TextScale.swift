/// Text scale in one place: the config a run lays out and draws with is the file's with every text size
/// multiplied by `textScale`, and the rows and controls that hold text grown with it, so layout makes
/// room as it would for a designer's larger sizes — no scene scales anything itself. The few sizes that
/// are not config keys (the Done button's 17 pt, the banner's 14 pt, the empty state's 20 pt) multiply
/// themselves by `textScale`. The profiler's HUD and the gallery's chevron glyphs keep their sizes.
extension Config {
    /// This config with `textScale` in its sizes (`Simulation` lays out with it). Text sizes and line
    /// heights follow the factor both ways; what holds text (the header rows, the tab bar's segments,
    /// the Done button) only grows, so a smaller text never squeezes a touch target. Applying it twice
    /// changes nothing: the factor already in the sizes (`textScaleInSizes`) is divided out first.
    func applyingTextScale() -> Config {
        let factor = textScale / textScaleInSizes
        let grow = max(1, textScale) / max(1, textScaleInSizes)
        guard factor != 1 || grow != 1 else { return self }
        var c = self
        c.textScaleInSizes = textScale
        c.chrome.titleSize *= factor
        c.chrome.headerHeight *= grow
        c.chrome.tabRowHeight *= grow
        // The title and the tab bar need `grow` times the width to sit side by side.
        c.chrome.stackBelowWidth *= grow
        c.tabBar.fontSize *= factor
        c.tabBar.height *= grow
        c.tabBar.segmentWidth *= grow
        // Each scene scales its own section (`SceneConfig.scalingText`), so the core names none of them.
        c.scenes = c.scenes.scalingText(by: factor, grow: grow)
        return c
    }

    /// A fixed text size (points) at the text scale in force.
    func scaledText(_ size: Double) -> Double { size * textScale }
}
