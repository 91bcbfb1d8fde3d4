import CSDL2
import TesseraCore

/// The core's text measure (`TextMeasure`) in the faces the backend draws with: SDL_ttf's advance width
/// of a line (`TTF_SizeUTF8`), through the same fallback face for characters the bundled ones lack (the
/// articles' Chinese), in points at the output's scale. Widths are kept once measured: layout asks for
/// the same labels and words again and again.
///
/// Only the run loop's thread measures (layout runs there); `@unchecked Sendable` lets the core keep it in
/// its `Sendable` values.
final class FontMeasure: @unchecked Sendable {
    private let fonts: FontSet
    private let pixelsPerPoint: Double
    private var widths: [Key: Double] = [:]

    private struct Key: Hashable {
        var text: String
        var style: TextStyle
    }

    init(fonts: FontSet, pixelsPerPoint: Double) {
        self.fonts = fonts
        self.pixelsPerPoint = max(pixelsPerPoint, 0.01)
    }

    /// The advance width of `text` in `style`, points.
    func width(_ text: String, _ style: TextStyle) -> Double {
        let key = Key(text: text, style: style)
        if let known = widths[key] { return known }
        let px = FontSet.pixelSize(of: style, pixelsPerPoint: pixelsPerPoint)
        var w: Int32 = 0
        var h: Int32 = 0
        var width = TextMeasure.estimated.width(text, style)
        if !text.isEmpty, let font = fonts.font(for: text, style: style, pixelSize: px),
            TTF_SizeUTF8(font, text, &w, &h) == 0
        {
            width = Double(w) / pixelsPerPoint
        }
        // A bounded cache: layout's labels and words are few; a flood of distinct strings starts it over.
        if widths.count >= 4096 { widths.removeAll(keepingCapacity: true) }
        widths[key] = width
        return width
    }

    var measure: TextMeasure { TextMeasure(source: "fonts") { [self] in width($0, $1) } }
}
