/// Checks for the waterfall's and the destinations' numbers (SPEC §2, §4) that types alone cannot make.
extension ConfigLoader {
    static func validateHeroScenes(_ config: Config) throws {
        let w = config.waterfall
        if w.columns < 1 { throw Error(message: "waterfall.columns: must be 1 or more, got \(w.columns)") }
        try nonNegative("waterfall.minimumColumnWidth", w.minimumColumnWidth)
        try nonNegative("waterfall.spacing", w.spacing)
        try nonNegative("waterfall.padding", w.padding)
        try nonNegative("waterfall.cornerRadius", w.cornerRadius)
        try nonNegative("waterfall.fullscreenCornerRadius", w.fullscreenCornerRadius)
        try positive("waterfall.fallbackAspectRatio", w.fallbackAspectRatio)
        try nonNegative("waterfall.backdrop.blurRadius", w.backdrop.blurRadius)

        let d = config.destinations
        try nonNegative("destinations.spacing", d.spacing)
        try nonNegative("destinations.padding", d.padding)
        try nonNegative("destinations.cornerRadius", d.cornerRadius)
        try nonNegative("destinations.shadow.radius", d.shadow.radius)
        try positive("destinations.fallbackAspectRatio", d.fallbackAspectRatio)
        try positive("destinations.detail.maxImageHeightFraction", d.detail.maxImageHeightFraction)
        try nonNegative("destinations.detail.spacing", d.detail.spacing)
        try positive("destinations.detail.titleSize", d.detail.titleSize)
        try positive("destinations.detail.detailsSize", d.detail.detailsSize)
        try nonNegative("destinations.detail.padding", d.detail.padding)
        try positive("destinations.detail.closeButton.diameter", d.detail.closeButton.diameter)
        try nonNegative("destinations.detail.closeButton.margin", d.detail.closeButton.margin)
        try positive("destinations.detail.closeButton.glyphSize", d.detail.closeButton.glyphSize)
        try positive("destinations.detail.closeButton.lineWidth", d.detail.closeButton.lineWidth)
    }
}
