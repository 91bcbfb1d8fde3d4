import CSDL2
import Foundation
import TesseraCore

/// Photos decoded through the shared thumbnail cache (`ThumbnailStore`): a fresh thumbnail is a small
/// PNG read instead of a camera JPEG decoded; a missing or stale one is made from the photo's own
/// decode at the thumbnail's size and written for next time (and for the file manager).
///
/// The pixels are the same either way: a thumbnail holds exactly the base level a decode at its size
/// produces (PNG is lossless), and the mip levels are made from it the same way, so a headless run
/// renders the same frame with a cold cache and a warm one.
enum ThumbnailCodec {
    typealias Outcome = Result<PhotoDecoder.Decoded, PhotoDecoder.Failure>

    /// What became of one request.
    enum Source {
        /// Read from a fresh thumbnail.
        case hit
        /// Decoded from the photo (and its thumbnail written, when it could be).
        case miss
        /// Decoded from the photo without the cache (off, or larger than any thumbnail).
        case direct
    }

    /// Decodes `path` for a long side of `size` pixels, through `store` when there is one.
    static func decode(path: String, size: ThumbnailSize, store: ThumbnailStore?) -> (Outcome, Source) {
        guard let store, let source = ThumbnailStore.Source(path: path) else {
            return (PhotoDecoder.decode(path: path, maxDimension: size.pixels), .direct)
        }
        if let fresh = store.fresh(source, size: size), let decoded = decodePNG(fresh.png, size: size) {
            var result = decoded
            if let w = fresh.photoWidth, let h = fresh.photoHeight {
                result.originalWidth = w
                result.originalHeight = h
            }
            return (.success(result), .hit)
        }
        let outcome = PhotoDecoder.decode(path: path, maxDimension: size.pixels)
        // A photo this program failed on before is not thumbnailed again (the standard's fail/); it is
        // still decoded above, which names why it cannot be shown.
        guard !store.hasFailed(source) else { return (outcome, .miss) }
        switch outcome {
        case .success(let decoded):
            if let png = encodePNG(decoded.levels[0]) {
                try? store.store(
                    png, for: source, size: size, photoWidth: decoded.originalWidth,
                    photoHeight: decoded.originalHeight)
            }
        case .failure(.outOfMemory), .failure(.tooLarge):
            // Not the file's fault: another time may do.
            break
        case .failure:
            try? store.recordFailure(source)
        }
        return (outcome, .miss)
    }

    /// A thumbnail's pixels as mip levels (nil if it cannot be read: it is made again).
    static func decodePNG(_ png: Data, size: ThumbnailSize) -> PhotoDecoder.Decoded? {
        png.withUnsafeBytes { raw -> PhotoDecoder.Decoded? in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)),
                let surface = IMG_LoadTyped_RW(rw, 1, "PNG")
            else { return nil }
            let width = Int(surface.pointee.w)
            let height = Int(surface.pointee.h)
            guard let levels = MipChain.levels(takingOwnershipOf: surface, maxDimension: size.pixels) else {
                return nil
            }
            return PhotoDecoder.Decoded(levels: levels, originalWidth: width, originalHeight: height)
        }
    }

    /// `surface` (ARGB8888) as PNG bytes: RGB when every pixel is opaque (smaller, quicker to read).
    static func encodePNG(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Data? {
        PNGEncoder.encode(surface, opaque: MipChain.isOpaque(surface))
    }
}
