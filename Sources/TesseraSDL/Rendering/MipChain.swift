import CSDL2
import TesseraImageIO

/// Pre-shrunk copies of a photo, made once at load time (all sizes in PIXELS).
///
/// Why: a 1000-px photo drawn into an 80-pt tile with one linear-filtered blit samples only ~2 of
/// every ~12 source pixels per axis and shimmers (aliasing) as it moves. Drawing from the smallest
/// level that is still at least the destination size keeps the per-draw reduction under 2×, where
/// bilinear filtering is adequate. Halving with `SDL_SoftStretchLinear` samples exactly between two
/// source pixels, i.e. a 2×2 box filter. Total memory is 4/3 of the base level.
enum MipChain {
    /// Levels stop when the next halving would make the short side smaller than this (pixels).
    static let minimumSide = 16

    /// Converts `source` to ARGB8888, shrinks it so its long side is at most `maxDimension`, then
    /// halves it repeatedly. Returns the levels largest first (the caller owns and frees them), or
    /// nil if SDL fails. `source` is not freed.
    static func levels(from source: UnsafeMutablePointer<SDL_Surface>, maxDimension: Int) -> [UnsafeMutablePointer<
        SDL_Surface
    >]? {
        guard let copy = SDL_ConvertSurfaceFormat(source, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        return levels(takingOwnershipOf: copy, maxDimension: maxDimension)
    }

    /// The levels of a decoded picture (TesseraImageIO): its pixels are read in place through a surface
    /// that wraps them (`SDL_CreateRGBSurfaceWithFormatFrom`, no copy; `picture` is kept alive while
    /// it is read), and every level is a surface of SDL's own, which the caller frees with
    /// `SDL_FreeSurface` as before. A picture already within `maxDimension` becomes its base level: the
    /// surface takes its pixels over (`PixelBuffer.relinquish`), so the picture must not be read after
    /// this call; a larger one's first reduction reads it directly.
    static func levels(of picture: PixelBuffer, maxDimension: Int) -> [UnsafeMutablePointer<SDL_Surface>]? {
        let base = withExtendedLifetime(picture) { () -> UnsafeMutablePointer<SDL_Surface>? in
            guard let wrapped = surface(wrapping: picture) else { return nil }
            guard max(picture.width, picture.height) > maxDimension else {
                // It fits: the surface takes the pixels over — no copy, so a decode is held once. Without
                // `SDL_PREALLOC`, `SDL_FreeSurface` frees them (`SDL_free`, libc's `free` here).
                wrapped.pointee.flags &= ~UInt32(SDL_PREALLOC)
                _ = picture.relinquish()
                return wrapped
            }
            // Frees the surface alone: SDL never frees pixels it was handed (`SDL_PREALLOC`).
            defer { SDL_FreeSurface(wrapped) }
            return reduced(wrapped, maxDimension: maxDimension)
        }
        guard let base else { return nil }
        return levels(takingOwnershipOf: base, maxDimension: maxDimension)
    }

    /// An ARGB8888 surface over `picture`'s own pixels (no copy), valid while `picture` lives; the caller
    /// frees it with `SDL_FreeSurface`, which leaves the pixels alone.
    static func surface(wrapping picture: PixelBuffer) -> UnsafeMutablePointer<SDL_Surface>? {
        SDL_CreateRGBSurfaceWithFormatFrom(
            picture.pixels, Int32(picture.width), Int32(picture.height), 32, Int32(picture.pitch),
            SDL_PIXELFORMAT_ARGB8888.rawValue)
    }

    /// The same levels from a surface this call owns and frees: no copy when it is ARGB8888 already,
    /// and a converted one replaces it at once — a full-size decode is held once, not twice.
    static func levels(takingOwnershipOf source: UnsafeMutablePointer<SDL_Surface>, maxDimension: Int)
        -> [UnsafeMutablePointer<SDL_Surface>]?
    {
        var base = source
        if base.pointee.format.pointee.format != SDL_PIXELFORMAT_ARGB8888.rawValue {
            let converted = SDL_ConvertSurfaceFormat(base, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
            SDL_FreeSurface(base)
            guard let converted else { return nil }
            base = converted
        }
        // Cap the base level; the full-size decode is never kept. Large reductions go by halvings
        // first (box filter) and end with one stretch of at most 2× so no step aliases.
        while max(base.pointee.w, base.pointee.h) > Int32(maxDimension) {
            let next = reduced(base, maxDimension: maxDimension)
            SDL_FreeSurface(base)
            guard let n = next else { return nil }
            base = n
        }
        var result = [base]
        while true {
            let last = result[result.count - 1]
            let w = Int(last.pointee.w) / 2
            let h = Int(last.pointee.h) / 2
            guard min(w, h) >= minimumSide, let half = stretched(last, width: w, height: h) else { break }
            result.append(half)
        }
        return result
    }

    /// One step of capping `source` (ARGB8888, long side over `maxDimension`): a halving while that stays
    /// at least `maxDimension`, else the last stretch of under 2× onto it.
    private static func reduced(_ source: UnsafeMutablePointer<SDL_Surface>, maxDimension: Int)
        -> UnsafeMutablePointer<SDL_Surface>?
    {
        let w = Int(source.pointee.w)
        let h = Int(source.pointee.h)
        if max(w, h) / 2 >= maxDimension {
            return stretched(source, width: max(1, w / 2), height: max(1, h / 2))
        }
        let f = Double(maxDimension) / Double(max(w, h))
        return stretched(
            source, width: max(1, Int((Double(w) * f).rounded())), height: max(1, Int((Double(h) * f).rounded())))
    }

    /// A new ARGB8888 surface of `width`×`height` with `source` (ARGB8888) bilinear-scaled into it.
    static func stretched(_ source: UnsafeMutablePointer<SDL_Surface>, width: Int, height: Int) -> UnsafeMutablePointer<
        SDL_Surface
    >? {
        guard
            let out = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        if SDL_SoftStretchLinear(source, nil, out, nil) != 0 {
            SDL_FreeSurface(out)
            return nil
        }
        return out
    }

    /// True when every pixel of an ARGB8888 surface is fully opaque, so the body strips may be drawn
    /// without blending (cheaper in the software renderer) at full opacity.
    static func isOpaque(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        let s = surface.pointee
        guard let pixels = s.pixels else { return true }
        // Surfaces made here are never RLE-encoded, so their pixels are readable without locking.
        for y in 0..<Int(s.h) {
            let row = (pixels + y * Int(s.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(s.w) where row[x] >> 24 != 0xFF { return false }
        }
        return true
    }
}
