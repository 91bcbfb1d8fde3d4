import CSDL2
import TesseraCore
import TesseraGeometry

/// A string in one style and colour: what decides a text texture's pixels apart from its layout.
/// The colour is kept without alpha, because opacity is applied per draw as the texture's alpha mod
/// (fading a label must not re-rasterise it every frame).
struct TextRun: Hashable {
    var text: String
    var style: TextStyle
    var r: UInt8
    var g: UInt8
    var b: UInt8

    init(_ text: String, style: TextStyle, color: Color) {
        self.text = text
        self.style = style
        r = color.r
        g = color.g
        b = color.b
    }

    /// The colour to rasterise with: opaque, the alpha mod applies opacity later.
    var opaqueColor: SDL_Color { SDL_Color(r: r, g: g, b: b, a: 255) }
}
