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
/// the shrinking afterwards. PNG cannot decode scaled; the common kinds go through `PNGDecoder`, which
/// shrinks each row as it unfilters it (a 4000×3000 RGBA PNG shown at most 256 px wide: measured here
/// 110 ms, against 285 ms through `IMG_Load`), the rest through `IMG_Load`, shrunk at once. Either way
/// the full-size pixels are freed before this returns (`MipChain` keeps the capped base level and its
/// halvings).
///
/// Against files that change or lie: the file is read into memory (never mapped, so truncating it
/// mid-decode cannot raise SIGBUS); a header that declares more pixels than its file can hold is
/// damaged before anything is allocated; every decode reserves its bytes from one `DecodeBudget`
/// shared by all decoder threads. CMYK and YCCK JPEGs are converted (`CMYKConversion`) and every photo
/// is turned upright by its EXIF orientation (`SurfaceOrientation`).
package enum PhotoDecoder {
    struct Decoded {
        /// Mip levels, largest first, ARGB8888; the receiver frees them.
        var levels: [UnsafeMutablePointer<SDL_Surface>]
        /// The photo's own size in pixels, as shown (after its EXIF orientation).
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
    /// 400 MB of RGBA, more than `DecodeBudget` ever lends one photo; refused before anything else.
    static let maxDecodedPixels = 100_000_000

    /// Files larger than this are not read (no photo a kiosk shows is anywhere near it).
    static let maxFileBytes = 256 << 20

    /// A Huffman-coded JPEG spends at least one bit on every 8×8 block of every component (the DC
    /// coefficient's category code is at least one bit long, ITU T.81 F.1.2.1; an end-of-band run may
    /// cover the AC coefficients of many blocks, the DC never), so it holds at most 512 pixels per
    /// byte. Twice that, plus a megapixel for small files' headers, is what a file may declare: a
    /// 1 KB file claiming 60000×50000 is damaged, and refused before its 12 GB are allocated.
    static let maxPixelsPerJPEGByte = 1024

    /// Decodes `path` so that its long side is at most `maxDimension` pixels (never upscaled), turned
    /// upright by its EXIF orientation, within `budget`.
    static func decode(path: String, maxDimension: Int, budget: DecodeBudget = .shared) -> Result<Decoded, Failure> {
        // The header first (a few KB), to know what the decode will cost before reading the file whole.
        guard let prefix = ImageHeader.readPrefix(of: path, limit: 16) else {
            return .failure(.unreadable(String(cString: strerror(errno)).lowercased()))
        }
        guard prefix.count > 8 else { return .failure(prefix.isEmpty ? .corrupt("empty file") : .notAnImage) }
        guard let info = ImageHeader.info(ofFileAt: path) else {
            let isJPEG = prefix[0] == 0xFF && prefix[1] == 0xD8
            return .failure(isJPEG ? .corrupt("no frame header") : .notAnImage)
        }
        let fileSize = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        if let implausible = implausibility(of: info, fileBytes: fileSize) { return .failure(implausible) }
        // The file, and a JPEG's entropy-coded data once more, unstuffed (`JPEGEighthDecoder`).
        let bytes = fileSize * (info.isJPEG ? 2 : 1) + estimatedBytes(info, maxDimension: maxDimension)
        let outcome = budget.withReservation(of: bytes) { () -> Result<Decoded, Failure> in
            // Read, not mapped: a file replaced or truncated while mapped kills the process with SIGBUS
            // the moment the decoder touches a page that is gone. A copy in memory cannot change.
            readWhole(path) { file in
                // The file may have changed since its header was read: decode only what was estimated.
                let data = Data(bytesNoCopy: file.baseAddress!, count: file.count, deallocator: .none)
                guard ImageHeader.info(of: data) == info else { return .failure(.corrupt("changed while being read")) }
                return decode(file, info: info, maxDimension: maxDimension)
            }
        }
        return outcome ?? .failure(.tooLarge(width: info.storedWidth, height: info.storedHeight))
    }

    /// Decodes `path` as `decode(path:maxDimension:)` does and frees the result: what a decode costs,
    /// for `tessera-bench`. True when it decoded.
    package static func decodeAndDiscard(path: String, maxDimension: Int) -> Bool {
        guard case .success(let decoded) = decode(path: path, maxDimension: maxDimension) else { return false }
        for level in decoded.levels { SDL_FreeSurface(level) }
        return true
    }

    /// A reason to refuse the image before allocating for it, if it declares more than it can hold.
    static func implausibility(of info: ImageHeader.Info, fileBytes: Int) -> Failure? {
        let pixels = info.storedWidth * info.storedHeight
        if pixels > maxDecodedPixels && !info.isJPEG {
            return .tooLarge(width: info.storedWidth, height: info.storedHeight)
        }
        guard info.isJPEG, !info.isArithmeticCoded, pixels > maxPixelsPerJPEGByte * fileBytes + (1 << 20) else {
            return nil
        }
        let size = fileBytes >= 1024 ? "\(fileBytes / 1024) KB" : "\(fileBytes) bytes"
        return .corrupt("declares \(info.storedWidth)×\(info.storedHeight) pixels in a file of \(size)")
    }

    /// What decoding `info` allocates at most, besides the file: the decoded pixels (full size for
    /// PNG, scaled for JPEG, with a 1/8 decode's DC planes and samples), a progressive JPEG's
    /// coefficients (two bytes per sample, whole frame), the upright copy and the mip levels.
    static func estimatedBytes(_ info: ImageHeader.Info, maxDimension: Int) -> Int {
        guard info.isJPEG else { return info.storedWidth * info.storedHeight * 5 }
        let (w, h) = scaledSize(width: info.storedWidth, height: info.storedHeight, cover: maxDimension)
        let coefficients = info.isProgressive ? info.storedWidth * info.storedHeight * max(1, info.components) * 2 : 0
        return w * h * 4 * 4 + coefficients
    }

    /// `body` with the whole file read into a scratch buffer (lent for the call: nothing made from it
    /// may outlive it, and a decoder may rearrange it); a special file (a FIFO, a device) is refused,
    /// not read.
    private static func readWhole(_ path: String, _ body: (UnsafeMutableRawBufferPointer) -> Result<Decoded, Failure>)
        -> Result<Decoded, Failure>
    {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)).lowercased())) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(.unreadable("not a regular file"))
        }
        guard Int(info.st_size) <= maxFileBytes else { return .failure(.unreadable("larger than 256 MB")) }
        let size = Int(info.st_size)
        return ScratchBuffers.shared.withBuffer(atLeast: size) { buffer in
            var total = 0
            while total < size {
                let n = read(fd, buffer.baseAddress! + total, size - total)
                if n < 0 && errno == EINTR { continue }
                guard n >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)).lowercased())) }
                if n == 0 { break }  // truncated since fstat: what there is
                total += n
            }
            return body(UnsafeMutableRawBufferPointer(rebasing: buffer[0..<total]))
        } ?? .failure(.outOfMemory)
    }

    private static func decode(_ file: UnsafeMutableRawBufferPointer, info: ImageHeader.Info, maxDimension: Int)
        -> Result<Decoded, Failure>
    {
        let surface =
            info.isJPEG
            ? decodeJPEG(UnsafeRawBufferPointer(file), maxDimension: maxDimension)
            : decodeOther(file, maxDimension: maxDimension)
        switch surface {
        case .failure(let failure):
            return .failure(failure)
        case .success(let (decoded, width, height)):
            guard let upright = SurfaceOrientation.apply(info.orientation, to: decoded) else {
                SDL_FreeSurface(decoded)
                return .failure(.outOfMemory)
            }
            if upright != decoded { SDL_FreeSurface(decoded) }
            guard let levels = MipChain.levels(takingOwnershipOf: upright, maxDimension: maxDimension) else {
                return .failure(.outOfMemory)
            }
            let swaps = info.orientation.swapsAxes
            return .success(
                Decoded(levels: levels, originalWidth: swaps ? height : width, originalHeight: swaps ? width : height))
        }
    }

    /// A decoded surface (the caller frees it) and the file's own width and height.
    private typealias Surface = (surface: UnsafeMutablePointer<SDL_Surface>, width: Int, height: Int)

    /// TurboJPEG at the smallest scaling factor that still covers `maxDimension`.
    private static func decodeJPEG(_ raw: UnsafeRawBufferPointer, maxDimension: Int) -> Result<Surface, Failure> {
        guard let handle = tjInitDecompress() else { return .failure(.outOfMemory) }
        defer { tjDestroy(handle) }
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
        // At 1/8 (every thumbnail of a camera photo) the DC coefficients are the picture; nil for
        // what that decoder does not take, and for damage, which TurboJPEG then names.
        if scaledWidth < Int(width), scaledWidth == (Int(width) + 7) / 8, scaledHeight == (Int(height) + 7) / 8,
            let surface = JPEGEighthDecoder.decode(raw)
        {
            return .success((surface, Int(width), Int(height)))
        }
        guard
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(scaledWidth), Int32(scaledHeight), 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
            let pixels = surface.pointee.pixels
        else { return .failure(.outOfMemory) }
        // ARGB8888 is B, G, R, A in memory on little-endian machines: TJPF_BGRA writes it directly.
        // CMYK and YCCK files (print exports) can only be decoded to CMYK, converted below.
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = Int32(isCMYK ? TJPF_CMYK.rawValue : TJPF_BGRA.rawValue)
        let rc = tjDecompress2(
            handle, bytes, size, pixels.assumingMemoryBound(to: UInt8.self), Int32(scaledWidth),
            surface.pointee.pitch, Int32(scaledHeight), format, TJFLAG_ACCURATEDCT)
        // libjpeg-turbo "warns" on a truncated file and fills the rest with grey: that is a damaged
        // photo, shown as the "can't open" placeholder and named, not a half-grey picture.
        if rc != 0 {
            SDL_FreeSurface(surface)
            return .failure(.corrupt(String(cString: tjGetErrorStr2(handle))))
        }
        if isCMYK { CMYKConversion.convertInPlace(surface) }
        return .success((surface, Int(width), Int(height)))
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

    /// PNG: the common kinds through `PNGDecoder`, already box-shrunk; the others (and anything else
    /// SDL_image reads) through `IMG_Load` at full size, then shrunk.
    private static func decodeOther(_ file: UnsafeMutableRawBufferPointer, maxDimension: Int) -> Result<
        Surface, Failure
    > {
        // The common PNGs decode faster, and already shrunk, without SDL_image; it reads the rest
        // (the bytes as they were: `PNGDecoder` puts back what it moved before it declines).
        if let decoded = PNGDecoder.decode(file, maxDimension: maxDimension) { return decoded }
        guard let rw = SDL_RWFromConstMem(file.baseAddress, Int32(file.count)) else { return .failure(.outOfMemory) }
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
