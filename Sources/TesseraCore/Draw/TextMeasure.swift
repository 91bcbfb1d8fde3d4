/// How wide text is, measured by the fonts the backend draws with: the port through which layout asks
/// (the tab bar's labels, the destinations' paragraph), so a label or a line is laid out at the width it
/// will be drawn — Chinese as well as Latin. Without fonts (unit tests) an estimate stands in.
package struct TextMeasure: Sendable, Equatable {
    /// Who measures ("estimate", "fonts"): two measures are the same when their source is.
    package let source: String
    private let measure: @Sendable (String, TextStyle) -> Double

    /// `measure`: the advance width of a string on one line in a style, points.
    package init(source: String, _ measure: @escaping @Sendable (String, TextStyle) -> Double) {
        self.source = source
        self.measure = measure
    }

    package static func == (a: TextMeasure, b: TextMeasure) -> Bool { a.source == b.source }

    /// The advance width of `text` on one line in `style`, points.
    package func width(_ text: String, _ style: TextStyle) -> Double { measure(text, style) }

    /// Without fonts: 0.6 em a character, DejaVu Sans Bold's average over the tab labels ("Destinations"
    /// is 91 pt at 13 pt); wide for a CJK ideograph's 1 em is the one thing it gets wrong the other way.
    package static let estimated = TextMeasure(source: "estimate") { text, style in
        text.unicodeScalars.reduce(0) { $0 + ($1.properties.isIdeographic ? 1 : 0.6) } * style.size
    }
}
