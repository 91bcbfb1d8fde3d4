import Foundation

/// How many pixels a point is on this display (HiDPI): points stay points, so a 4K panel shows the
/// interface at the size it has on a 1080p one, drawn with four times the pixels.
///
/// The first of these that says: `--scale`, the config's `display.scale`, then what the display
/// itself says —
/// - on Wayland the compositor's scale of the window's output (`wl_output.scale`), which SDL applies
///   to a HiDPI window as its pixel size over its size (what GTK and Qt also follow there);
/// - on X11, where a window's size is in pixels, what desktop toolkits read: `GDK_SCALE` (GTK's
///   integer scale), `QT_SCALE_FACTOR`, then the X resource `Xft.dpi` over 96 (GNOME and KDE set it
///   from their scaling setting);
/// - else 1.
package enum DisplayScale {
    /// The range a scale may take (flag, config and what a display reports).
    package static let range = 0.5...4.0

    /// The scale X11 desktop toolkits would use, from their environment variables and `Xft.dpi`; nil
    /// when none says.
    package static func desktop(environment: [String: String], xftDPI: Double?) -> Double? {
        if let gdk = environment["GDK_SCALE"].flatMap(Int.init), gdk >= 1 { return clamp(Double(gdk)) }
        if let qt = environment["QT_SCALE_FACTOR"].flatMap(Double.init), qt > 0 { return clamp(qt) }
        if let dpi = xftDPI, dpi > 0 { return clamp(dpi / 96) }
        return nil
    }

    /// `Xft.dpi` from the X server's resource database text (`RESOURCE_MANAGER`, lines of
    /// `name:\tvalue`); nil when it is not set.
    package static func xftDPI(fromResources text: String) -> Double? {
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi" else { continue }
            return Double(parts[1].trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// The scale to draw at: the user's choice if any, else the compositor's (`compositor`, Wayland's
    /// pixels per window unit, nil on X11), else the desktop's, else 1.
    package static func resolve(flag: Double?, config: Double?, compositor: Double?, desktop: Double?) -> Double {
        clamp(flag ?? config ?? compositor ?? desktop ?? 1)
    }

    private static func clamp(_ scale: Double) -> Double { min(range.upperBound, max(range.lowerBound, scale)) }
}
