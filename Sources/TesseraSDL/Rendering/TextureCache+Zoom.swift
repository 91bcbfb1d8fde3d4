import CSDL2
import Foundation
import TesseraCore
import TesseraPhotos

/// A zoomed photo stays sharp: when a photo is drawn larger than its regular decode (a pinch on the
/// fullscreen photo) and the file holds more pixels, that one photo is decoded again at up to
/// `zoomMaxDimension` on its long side and drawn from that decode until it is no longer drawn large.
/// Memory stays bounded: one such photo at a time, 4096² ARGB with its halvings ≈ 90 MB at most. Until
/// the sharper decode is ready (windowed runs decode off the render thread) the regular one is drawn;
/// headless runs wait for it, so a script renders the same pixels every time.
extension TextureCache {
    /// Long-side cap of a zoomed photo's decode, pixels.
    static let zoomMaxDimension = 4096

    /// The textures to draw photo `id` into a `width`×`height` PIXEL frame: the regular decode, or the
    /// sharper one when the frame is well beyond it and the file has more to give.
    func textures(for id: PhotoID, drawnAt width: Int, _ height: Int) -> PhotoTextures {
        let regular = textures(for: id)
        guard let top = regular.levels.first else { return regular }
        let drawn = max(width, height)
        let decoded = max(top.width, top.height)
        // An eighth of slack so a photo at fit (drawn at about its decode) never asks for more. Asked
        // before the photo's original size is looked up: most photos a frame draws are not zoomed.
        guard drawn > decoded + decoded / 8, let original = originalSizes[id] else { return regular }
        let available = max(original.width, original.height)
        guard available > decoded else { return regular }
        if let z = zoomed, z.id == id {
            zoomed!.lastUsed = frame
            return z.textures
        }
        guard let path = photos.path(for: id) else { return regular }
        let key = DecodeKey(id, zoomed: true)
        if zoomRequested != id {
            // Another photo's sharper decode, if it finished meanwhile, is freed: dropped, its surfaces
            // were lost with it (a kiosk opening and zooming photos grew by them).
            if let old = zoomRequested, let stale = decoder.collect(DecodeKey(old, zoomed: true)) {
                Self.free(stale.outcome)
            }
            zoomRequested = id
            decoder.request(key, path: path, side: min(Self.zoomMaxDimension, available))
        }
        var outcome = decoder.collect(key)?.outcome
        if outcome == nil, waitsForPhotos {
            decoder.wait(for: [key])
            outcome = decoder.collect(key)?.outcome
        }
        guard case .success(let sharper)? = outcome else { return regular }
        defer { for level in sharper.levels { SDL_FreeSurface(level) } }
        guard let made = factory.textures(levels: sharper.levels, originalSize: original) else { return regular }
        zoomed?.textures.destroy()
        zoomed = (id, made, frame)
        texturesChanged(id)
        return made
    }

    /// Frees the sharper decode once a frame went by without drawing it large.
    func releaseZoomIfUnused() {
        guard let z = zoomed, z.lastUsed < frame else { return }
        releaseZoom()
    }

    /// Frees the sharper decode now.
    func releaseZoom() {
        guard let z = zoomed else { return }
        z.textures.destroy()
        texturesChanged(z.id)
        zoomed = nil
        zoomRequested = nil
    }
}
