import Dispatch
import Foundation
import TesseraPhotos

/// Decodes one photo file into an ARGB8888 picture no larger than needed: safe to call from any thread
/// (it touches no renderer). Its caller makes the mip levels while the decode's bytes are still
/// reserved (`decode(path:maxDimension:budget:timeLimit:handWritten:finishing:)`; TesseraSDL's
/// `MipChain`), and textures later, on the render thread.
///
/// JPEG goes through libjpeg-turbo's scaled decoding (`JPEGDecoder`): the IDCT itself produces 1/2, 1/4
/// or 1/8 size, so a 5600×3200 photo shown at most 1024 px wide decodes at 1400×800; at 1/8 a baseline
/// file is made from its DC coefficients alone (`JPEGEighthDecoder`). PNG cannot decode scaled: an
/// 8-bit RGBA one goes through `PNGDecoder`, which shrinks each row as it unfilters it, every other
/// through libspng row by row (`PNGRowDecoder`), shrunk the same way. Either way the full-size pixels
/// are freed before this returns (`MipChain` keeps the capped base level and its halvings).
///
/// Against files that change or lie: only regular files are opened (`RegularFile`: a FIFO named like a
/// photo would block `open` forever); the file is read into memory (never mapped, so truncating it
/// mid-decode cannot raise SIGBUS) — for a JPEG only the segments decoding needs (`JPEGEssentials`: a
/// camera's megabytes of ICC profile stay on disk); a header that declares more pixels than its file can hold is
/// damaged before anything is allocated; every decode reserves its bytes from one `DecodeBudget`
/// shared by all decoder threads, and stops at its deadline (`timeLimit`). CMYK and YCCK JPEGs are
/// converted (`CMYKConversion`) and every photo is turned upright by its EXIF orientation
/// (`PixelOrientation`).
package enum PhotoDecoder {
    /// A decode turned upright, before its mip levels are made.
    package struct Picture {
        /// ARGB8888, at the decode's scale.
        package var pixels: PixelBuffer
        /// The photo's own size in pixels, as shown (after its EXIF orientation).
        package var originalWidth: Int
        package var originalHeight: Int

        package init(pixels: PixelBuffer, originalWidth: Int, originalHeight: Int) {
            self.pixels = pixels
            self.originalWidth = originalWidth
            self.originalHeight = originalHeight
        }
    }

    package enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        case notAnImage
        case corrupt(String)
        case tooLarge(width: Int, height: Int)
        /// A file past `maxFileBytes`, whatever its header says.
        case fileTooLarge(bytes: Int)
        case outOfMemory
        /// Still decoding at its deadline: abandoned.
        case timedOut(seconds: Double)

        package var description: String {
            switch self {
            case .unreadable(let reason): "cannot read the file (\(reason))"
            case .notAnImage: "not a JPEG or PNG"
            case .corrupt(let reason): "damaged image (\(reason))"
            case .tooLarge(let w, let h): "too large to decode (\(w)×\(h) pixels)"
            case .fileTooLarge(let bytes):
                "too large to decode (the file is \(RegularFile.describe(bytes)); photos over \(RegularFile.describe(PhotoDecoder.maxFileBytes)) are not read)"
            case .outOfMemory: "out of memory"
            case .timedOut(let seconds): "took longer than \(Int(seconds)) s to decode; abandoned"
            }
        }
    }

    /// Pixels a full-size decode may allocate (PNG, or a JPEG that cannot be scaled enough): 100 MP is
    /// 400 MB of RGBA, more than `DecodeBudget` ever lends one photo; refused before anything else.
    package static let maxDecodedPixels = 100_000_000

    /// Files larger than this are not read (no photo a kiosk shows is anywhere near it).
    package static let maxFileBytes = 256 << 20

    /// A Huffman-coded JPEG spends at least one bit on every 8×8 block of every component (the DC
    /// coefficient's category code is at least one bit long, ITU T.81 F.1.2.1; an end-of-band run may
    /// cover the AC coefficients of many blocks, the DC never), so it holds at most 512 pixels per
    /// byte. Twice that, plus a megapixel for small files' headers, is what a file may declare: a
    /// 1 KB file claiming 60000×50000 is damaged, and refused before its 12 GB are allocated.
    static let maxPixelsPerJPEGByte = 1024

    /// The longest a decode may take. The largest photo decodes in well under a second here (a 100 MP
    /// progressive JPEG at 1/8); past this a file is taken to be made to spin the decoder (a
    /// pathological progressive JPEG, a decompression bomb) and is abandoned as unreadable.
    package static let timeLimit = 10.0

    /// Decodes `path` for a long side of `maxDimension` pixels (never upscaled), turned upright by its
    /// EXIF orientation, within `budget` and before `timeLimit` seconds have passed, and hands the
    /// picture to `finishing` while its bytes are still reserved (the reservation counts the mip levels
    /// made from it, `Plan.workingBytes`); nil from `finishing` is out of memory. `handWritten: false`
    /// decodes through the libraries alone (libjpeg at every scale, libspng for every PNG): what the
    /// hand-written decoders are measured against (`tessera-bench`).
    package static func decode<Output>(
        path: String, maxDimension: Int, budget: DecodeBudget = .shared, timeLimit: Double = timeLimit,
        handWritten: Bool = true, finishing: (Picture) -> Output?
    ) -> Result<Output, Failure> {
        let deadline = DecodeLimits.now() + timeLimit
        // The header first (a few KB), to know what the decode will cost before reading the file whole.
        let header: ImageHeader.Info?
        let prefix: Data
        do {
            prefix = try RegularFile.prefix(of: path, limit: 16)
            header = try ImageHeader.read(ofFileAt: path)
        } catch {
            return .failure(.unreadable(error.description))
        }
        guard prefix.count > 8 else { return .failure(prefix.isEmpty ? .corrupt("empty file") : .notAnImage) }
        guard let info = header else {
            let isJPEG = prefix[0] == 0xFF && prefix[1] == 0xD8
            return .failure(isJPEG ? .corrupt("no frame header") : .notAnImage)
        }
        var status = stat()
        guard FileNames.withPath(path, { stat($0, &status) }) == 0 else {
            return .failure(.unreadable(String(cString: strerror(errno)).lowercased()))
        }
        let fileSize = Int(status.st_size)
        guard fileSize <= maxFileBytes else { return .failure(.fileTooLarge(bytes: fileSize)) }
        // A JPEG's profile, XMP and comments are left in the file (`JPEGEssentials`): 40 MB of ICC
        // segments cost a decode nothing.
        let ranges = info.isJPEG ? essentialRanges(path) ?? [0..<fileSize] : [0..<fileSize]
        let kept = ranges.reduce(0) { $0 + $1.count }
        if let implausible = implausibility(of: info, fileBytes: kept) { return .failure(implausible) }
        var plan = Plan(info, maxDimension: maxDimension)
        plan.usesHandWrittenDecoders = handWritten
        plan.usesEighthDecoder = plan.usesEighthDecoder && handWritten
        let bytes = kept * (plan.usesEighthDecoder ? 2 : 1) + plan.workingBytes
        let outcome = budget.withReservation(of: bytes) { () -> Result<Output, Failure> in
            // Read, not mapped: a file replaced or truncated while mapped kills the process with SIGBUS
            // the moment the decoder touches a page that is gone. A copy in memory cannot change.
            readWhole(path, ranges, upTo: fileSize) { file in
                // The file may have changed since its header was read: decode only what was estimated.
                let data = Data(bytesNoCopy: file.baseAddress!, count: file.count, deallocator: .none)
                guard ImageHeader.info(of: data) == info else { return .failure(.corrupt("changed while being read")) }
                let limits = DecodeLimits(deadline: deadline, memory: max(plan.libraryBytes, 1 << 20))
                return decode(file, plan: plan, limits: limits, timeLimit: timeLimit).flatMap { picture in
                    finishing(picture).map { .success($0) } ?? .failure(.outOfMemory)
                }
            }
        }
        return outcome ?? .failure(.tooLarge(width: info.storedWidth, height: info.storedHeight))
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

    /// How a file will be decoded, and what that allocates at most besides the file.
    struct Plan {
        var info: ImageHeader.Info
        var maxDimension: Int
        /// The decoded size before orientation: JPEG scaled by the IDCT, PNG full size.
        var decodedWidth: Int
        var decodedHeight: Int
        /// JPEG: 1, 2, 4 or 8.
        var denominator: Int
        /// A baseline JPEG at 1/8 small enough for the DC-only decoder's planes (below).
        var usesEighthDecoder: Bool
        /// False: the libraries alone (`decode(path:maxDimension:budget:timeLimit:handWritten:)`).
        var usesHandWrittenDecoders = true
        /// What the decoding library may allocate for itself (libjpeg's coefficients and rows).
        var libraryBytes: Int
        /// Everything: the decoded pixels, the upright copy and the mip levels, plus the above and the
        /// DC-only decoder's planes.
        var workingBytes: Int

        /// The DC-only decoder keeps, per component, a 4-byte DC plane, its samples and (when
        /// subsampled) an upsampled copy — up to 6 bytes per output pixel per component, 18 for a
        /// 4:4:4 photo, more than the pixels themselves. Past this it is not used: a 30000×30000 4:4:4
        /// photo decodes through libjpeg at 1/8 instead, a few rows at a time.
        static let eighthDecoderLimit = 96 << 20

        init(_ info: ImageHeader.Info, maxDimension: Int) {
            self.info = info
            self.maxDimension = maxDimension
            guard info.isJPEG else {
                decodedWidth = info.storedWidth
                decodedHeight = info.storedHeight
                denominator = 1
                usesEighthDecoder = false
                libraryBytes = 0
                // PNGDecoder's inflated rows (4 bytes a pixel and one a row) or an interlaced image's full
                // size, then the shrunk picture, its upright copy and its mip levels: under 2 bytes a
                // pixel when shrunk by 2 or more. Unshrunk, the picture itself, a capped copy and levels.
                let pixels = info.storedWidth * info.storedHeight
                let shrinks = max(info.storedWidth, info.storedHeight) / max(1, maxDimension) >= 2
                workingBytes = pixels * (shrinks ? 6 : 10) + info.storedHeight
                return
            }
            let (w, h, d) = PhotoDecoder.scaled(width: info.storedWidth, height: info.storedHeight, cover: maxDimension)
            decodedWidth = w
            decodedHeight = h
            denominator = d
            let pixels = w * h
            let components = max(1, info.components)
            let eighthPlanes = pixels * 6 * components
            usesEighthDecoder =
                d == 8 && !info.isProgressive && !info.isArithmeticCoded && eighthPlanes <= Self.eighthDecoderLimit
            // A progressive file's coefficients: two bytes per sample of every component over the
            // whole frame padded to whole MCUs (libjpeg's JCOEF; at most 4×8 pixels an MCU side); a
            // sequential one's few rows of MCUs.
            let paddedWidth = (info.storedWidth + 31) / 32 * 32
            let paddedHeight = (info.storedHeight + 31) / 32 * 32
            let rows = paddedWidth * components * 32 * 2 + (64 << 10)
            libraryBytes = (info.isProgressive ? paddedWidth * paddedHeight * components * 2 : 0) + rows
            // The decoded picture, the upright copy, the mip levels (4/3 of the base), CMYK in place.
            workingBytes = pixels * 4 * 2 + pixels * 4 * 4 / 3 + libraryBytes + (usesEighthDecoder ? eighthPlanes : 0)
        }
    }

    /// What decoding `info` allocates at most, besides the file (`Plan.workingBytes`).
    static func estimatedBytes(_ info: ImageHeader.Info, maxDimension: Int) -> Int {
        Plan(info, maxDimension: maxDimension).workingBytes
    }

    /// The parts of the JPEG at `path` a decode reads; nil to read it whole.
    private static func essentialRanges(_ path: String) -> [Range<Int>]? {
        (try? RegularFile.withDescriptor(path) { fd, size in JPEGEssentials.ranges(fd: fd, size: size) }) ?? nil
    }

    /// `body` with `ranges` of the file read one after another into a scratch buffer (lent for the
    /// call: nothing made from it may outlive it, and a decoder may rearrange it); a special file (a
    /// FIFO, a device) is refused, not read.
    private static func readWhole<Output>(
        _ path: String, _ ranges: [Range<Int>], upTo expected: Int,
        _ body: (UnsafeMutableRawBufferPointer) -> Result<Output, Failure>
    ) -> Result<Output, Failure> {
        do {
            return try RegularFile.withDescriptor(path) { fd, size in
                // Grown since it was measured: not what the reservation was made for.
                guard size <= expected else { return .failure(.corrupt("changed while being read")) }
                return read(fd, ranges, body)
            }
        } catch {
            return .failure(.unreadable(error.description))
        }
    }

    private static func read<Output>(
        _ fd: Int32, _ ranges: [Range<Int>], _ body: (UnsafeMutableRawBufferPointer) -> Result<Output, Failure>
    ) -> Result<Output, Failure> {
        let size = ranges.reduce(0) { $0 + $1.count }
        return ScratchBuffers.shared.withBuffer(atLeast: size) { buffer in
            var total = 0
            reading: for range in ranges {
                var done = 0
                while done < range.count {
                    let n = pread(fd, buffer.baseAddress! + total, range.count - done, off_t(range.lowerBound + done))
                    if n < 0 && errno == EINTR { continue }
                    guard n >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)).lowercased())) }
                    if n == 0 { break reading }  // truncated since fstat: what there is
                    done += n
                    total += n
                }
            }
            return body(UnsafeMutableRawBufferPointer(rebasing: buffer[0..<total]))
        } ?? .failure(.outOfMemory)
    }

    private static func decode(
        _ file: UnsafeMutableRawBufferPointer, plan: Plan, limits: DecodeLimits, timeLimit: Double
    ) -> Result<Picture, Failure> {
        let info = plan.info
        let decoded =
            info.isJPEG
            ? decodeJPEG(UnsafeRawBufferPointer(file), plan: plan, limits: limits)
            : decodePNG(file, maxDimension: plan.maxDimension, limits: limits, fastPath: plan.usesHandWrittenDecoders)
        switch decoded {
        case .failure(let failure):
            return .failure(limits.isPast ? .timedOut(seconds: timeLimit) : failure)
        case .success(let (picture, width, height)):
            // The stored picture goes as soon as its upright copy is made (when it is not that copy).
            guard let upright = PixelOrientation.apply(info.orientation, to: picture) else {
                return .failure(.outOfMemory)
            }
            let swaps = info.orientation.swapsAxes
            return .success(
                Picture(pixels: upright, originalWidth: swaps ? height : width, originalHeight: swaps ? width : height))
        }
    }

    /// A decoded picture and the file's own width and height.
    private typealias Decoded = (picture: PixelBuffer, width: Int, height: Int)

    /// libjpeg at the plan's scale; at 1/8 the DC-only decoder first, which declines what it does not
    /// take (and any damage, which libjpeg then names).
    private static func decodeJPEG(_ raw: UnsafeRawBufferPointer, plan: Plan, limits: DecodeLimits) -> Result<
        Decoded, Failure
    > {
        guard let session = JPEGDecoder.open(raw, limits: limits) else { return .failure(.outOfMemory) }
        if let failure = session.failure { return .failure(failure) }
        let header = session.header
        // The header read above and libjpeg's must agree on the size the plan was made for.
        guard header.width == plan.info.storedWidth, header.height == plan.info.storedHeight else {
            return .failure(.corrupt("declares \(header.width)×\(header.height) pixels to libjpeg"))
        }
        guard plan.decodedWidth * plan.decodedHeight <= maxDecodedPixels else {
            return .failure(.tooLarge(width: header.width, height: header.height))
        }
        if plan.usesEighthDecoder, let picture = JPEGEighthDecoder.decode(raw) {
            return .success((picture, header.width, header.height))
        }
        return JPEGDecoder.decode(session, denominator: plan.denominator).map { ($0, header.width, header.height) }
    }

    /// The smallest of libjpeg's scaling factors (1/8 … 1) whose result still has a long side of at
    /// least `cover` (or the full size when the photo is smaller than that), and its denominator.
    static func scaled(width: Int, height: Int, cover: Int) -> (width: Int, height: Int, denominator: Int) {
        var best = (width, height, 1)
        for denominator in [2, 4, 8] {
            // jpeg_calc_output_dimensions: ceil(dimension · 1/denominator).
            let w = (width + denominator - 1) / denominator
            let h = (height + denominator - 1) / denominator
            guard max(w, h) >= cover else { break }
            best = (w, h, denominator)
        }
        return best
    }

    static func scaledSize(width: Int, height: Int, cover: Int) -> (Int, Int) {
        let s = scaled(width: width, height: height, cover: cover)
        return (s.width, s.height)
    }

    /// PNG: 8-bit RGBA through `PNGDecoder`, already box-shrunk; every other kind (and whatever it
    /// declines, its bytes put back as they were) through libspng, shrunk the same way.
    private static func decodePNG(
        _ file: UnsafeMutableRawBufferPointer, maxDimension: Int, limits: DecodeLimits, fastPath: Bool
    ) -> Result<Decoded, Failure> {
        if fastPath, let decoded = PNGDecoder.decode(file, maxDimension: maxDimension) { return decoded.map { $0 } }
        return PNGRowDecoder.decode(UnsafeRawBufferPointer(file), maxDimension: maxDimension, limits: limits).map {
            $0
        }
    }
}
