import CSDL2
import CTurboJPEG
import Dispatch
import Foundation
import TesseraCore

/// Decodes one photo file into ARGB8888 surfaces no larger than needed: safe to call from any thread
/// (it touches no renderer). Textures are made later, on the render thread.
///
/// JPEG goes through libjpeg-turbo's scaled decoding: the IDCT itself produces 1/2, 1/4 or 1/8 size,
/// so a 5600×3200 photo shown at most 1024 px wide decodes at 1400×800 — measured here 41 ms and
/// 4.5 MB, against 85 ms and a 72 MB full-size surface through `IMG_Load` (which cannot scale) plus
/// the shrinking afterwards. PNG cannot decode scaled; it goes through `IMG_Load` and is shrunk at
/// once. Either way the full-size pixels are freed before this returns (`MipChain` keeps the capped
/// base level and its halvings).
enum PhotoDecoder {
    struct Decoded {
        /// Mip levels, largest first, ARGB8888; the receiver frees them.
        var levels: [UnsafeMutablePointer<SDL_Surface>]
        /// The file's own size in pixels.
        var originalWidth: Int
        var originalHeight: Int
    }

    enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        case notAnImage
        case corrupt(String)
        case tooLarge(width: Int, height: Int)
        case outOfMemory

        var description: String {
            switch self {
            case .unreadable(let reason): "cannot read the file (\(reason))"
            case .notAnImage: "not a JPEG or PNG"
            case .corrupt(let reason): "damaged image (\(reason))"
            case .tooLarge(let w, let h): "too large to decode (\(w)×\(h) pixels)"
            case .outOfMemory: "out of memory"
            }
        }
    }

    /// Pixels a full-size decode may allocate (PNG, or a JPEG that cannot be scaled enough): 100 MP is
    /// 400 MB of RGBA, the most a kiosk should ever hold for one photo.
    static let maxDecodedPixels = 100_000_000

    /// Pixels above which a full-size decode waits for `largeDecodes` (16 MP: 64 MB of RGBA).
    static let largePixels = 16_000_000.0
    /// At most two large full-size decodes at a time, whatever the number of cores.
    private static let largeDecodes = DispatchSemaphore(value: 2)

    /// Decodes `path` so that its long side is at most `maxDimension` pixels (never upscaled).
    static func decode(path: String, maxDimension: Int) -> Result<Decoded, Failure> {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            return .failure(.unreadable((error as NSError).localizedFailureReason ?? "\(error)"))
        }
        guard data.count > 8 else { return .failure(data.isEmpty ? .corrupt("empty file") : .notAnImage) }
        let isJPEG = data[0] == 0xFF && data[1] == 0xD8
        // A full-size decode (PNG) holds the whole image while it is shrunk (54 MB of RGB for
        // 5600×3200); two at a time, whatever the cores, keeps a folder of them from piling up.
        let fullSize = !isJPEG && (ImageHeader.pixelSize(of: data).map { $0.width * $0.height } ?? 0) > largePixels
        if fullSize { largeDecodes.wait() }
        defer { if fullSize { largeDecodes.signal() } }
        let surface =
            isJPEG ? decodeJPEG(data, maxDimension: maxDimension) : decodeOther(data, maxDimension: maxDimension)
        switch surface {
        case .failure(let failure):
            return .failure(failure)
        case .success(let (decoded, width, height)):
            guard let levels = MipChain.levels(takingOwnershipOf: decoded, maxDimension: maxDimension) else {
                return .failure(.outOfMemory)
            }
            return .success(Decoded(levels: levels, originalWidth: width, originalHeight: height))
        }
    }

    /// A decoded surface (the caller frees it) and the file's own width and height.
    private typealias Surface = (surface: UnsafeMutablePointer<SDL_Surface>, width: Int, height: Int)

    /// TurboJPEG at the smallest scaling factor that still covers `maxDimension`.
    private static func decodeJPEG(_ data: Data, maxDimension: Int) -> Result<Surface, Failure> {
        guard let handle = tjInitDecompress() else { return .failure(.outOfMemory) }
        defer { tjDestroy(handle) }
        return data.withUnsafeBytes { raw -> Result<Surface, Failure> in
            let bytes = raw.bindMemory(to: UInt8.self).baseAddress!
            let size = UInt(raw.count)
            var width: Int32 = 0
            var height: Int32 = 0
            var subsampling: Int32 = 0
            var colorspace: Int32 = 0
            guard tjDecompressHeader3(handle, bytes, size, &width, &height, &subsampling, &colorspace) == 0,
                width > 0, height > 0
            else { return .failure(.corrupt(String(cString: tjGetErrorStr2(handle)))) }
            let (scaledWidth, scaledHeight) = scaledSize(width: Int(width), height: Int(height), cover: maxDimension)
            guard scaledWidth * scaledHeight <= maxDecodedPixels else {
                return .failure(.tooLarge(width: Int(width), height: Int(height)))
            }
            guard
                let surface = SDL_CreateRGBSurfaceWithFormat(
                    0, Int32(scaledWidth), Int32(scaledHeight), 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
                let pixels = surface.pointee.pixels
            else { return .failure(.outOfMemory) }
            // ARGB8888 is B, G, R, A in memory on little-endian machines: TJPF_BGRA writes it directly.
            let format = Int32(TJPF_BGRA.rawValue)
            let rc = tjDecompress2(
                handle, bytes, size, pixels.assumingMemoryBound(to: UInt8.self), Int32(scaledWidth),
                surface.pointee.pitch, Int32(scaledHeight), format, TJFLAG_ACCURATEDCT)
            // libjpeg-turbo "warns" on a truncated file and fills the rest with grey: that is a damaged
            // photo, shown as the "can't open" placeholder and named, not a half-grey picture.
            if rc != 0 {
                SDL_FreeSurface(surface)
                return .failure(.corrupt(String(cString: tjGetErrorStr2(handle))))
            }
            return .success((surface, Int(width), Int(height)))
        }
    }

    /// The smallest of TurboJPEG's scaling factors (1/8 … 1) whose result still has a long side of at
    /// least `cover` (or the full size when the photo is smaller than that).
    static func scaledSize(width: Int, height: Int, cover: Int) -> (Int, Int) {
        var best = (width, height)
        for denominator in [2, 4, 8] {
            // TJSCALED: ceil(dimension · 1/denominator).
            let w = (width + denominator - 1) / denominator
            let h = (height + denominator - 1) / denominator
            guard max(w, h) >= cover else { break }
            best = (w, h)
        }
        return best
    }

    /// PNG (and anything else SDL_image reads) at full size, refusing sizes that would not fit.
    private static func decodeOther(_ data: Data, maxDimension: Int) -> Result<Surface, Failure> {
        guard let header = ImageHeader.pixelSize(of: data) else { return .failure(.notAnImage) }
        guard header.width * header.height <= Double(maxDecodedPixels) else {
            return .failure(.tooLarge(width: Int(header.width), height: Int(header.height)))
        }
        return data.withUnsafeBytes { raw -> Result<Surface, Failure> in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return .failure(.outOfMemory) }
            guard let surface = IMG_Load_RW(rw, 1) else { return .failure(.corrupt(String(cString: SDL_GetError()))) }
            let width = Int(surface.pointee.w)
            let height = Int(surface.pointee.h)
            // Far larger than needed: box-shrink by a whole factor first (still at least maxDimension).
            let factor = max(width, height) / max(1, maxDimension)
            if factor >= 2, let small = BoxShrink.shrink(surface, by: factor) {
                SDL_FreeSurface(surface)
                return .success((small, width, height))
            }
            return .success((surface, width, height))
        }
    }
}
