import CPixels
import CSDL2
import FuzzDriver

/// One libFuzzer input (`make fuzz`): `tessera_scale_bilinear` (the scaler under TesseraRaster's
/// `BilinearScale`, which `DirectScale` draws photos with) on a source rectangle, a destination
/// rectangle and a clip read from the bytes — sides from 1 pixel to past the frame, rectangles reaching
/// off both images. The images are exactly their size on the heap, so
/// AddressSanitizer sees any read or write past them; where it scales, the written pixels must be what
/// SDL's own scaler writes, and nothing outside the clip may change.
func fuzz(_ input: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let input, size >= 16 else { return 0 }
    var bytes = UnsafeBufferPointer(start: input, count: size).makeIterator()
    /// The next two bytes as a number in `range`.
    func next(_ range: ClosedRange<Int>) -> Int {
        let value = Int(bytes.next() ?? 0) << 8 | Int(bytes.next() ?? 0)
        return range.lowerBound + value % (range.upperBound - range.lowerBound + 1)
    }
    let (sourceWidth, sourceHeight) = (next(1...300), next(1...200))
    let sx = next(0...(sourceWidth - 1))
    let sy = next(0...(sourceHeight - 1))
    let sw = next(1...(sourceWidth - sx))
    let sh = next(1...(sourceHeight - sy))
    let (frameWidth, frameHeight) = (256, 192)
    let (dx, dy, dw, dh) = (next(-400...400), next(-300...300), next(1...700), next(1...500))
    let cx0 = next(0...frameWidth)
    let cy0 = next(0...frameHeight)
    let (cx1, cy1) = (next(cx0...frameWidth), next(cy0...frameHeight))

    let source = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: sourceWidth * sourceHeight)
    let frame = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: frameWidth * frameHeight)
    defer {
        source.deallocate()
        frame.deallocate()
    }
    var state = UInt32(truncatingIfNeeded: size)
    for i in source.indices {
        state = state &* 1_664_525 &+ 1_013_904_223
        source[i] = state
    }
    let untouched: UInt32 = 0x5A5A_5A5A
    frame.initialize(repeating: untouched)
    let rc = tessera_scale_bilinear(
        source.baseAddress, Int32(sourceWidth * 4), Int32(sx), Int32(sy), Int32(sw), Int32(sh), frame.baseAddress,
        Int32(frameWidth * 4), Int32(dx), Int32(dy), Int32(dw), Int32(dh), Int32(cx0), Int32(cy0), Int32(cx1),
        Int32(cy1))
    precondition(rc == 0 || rc == -1, "an answer other than done or cannot")
    if rc != 0 {
        precondition(frame.allSatisfy { $0 == untouched }, "wrote though it could not")
        return 0
    }
    // SDL's scaler over the whole destination rectangle, on surfaces over the same pixels.
    let reference = SDL_CreateRGBSurfaceWithFormat(0, Int32(dw), Int32(dh), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
    let from = SDL_CreateRGBSurfaceWithFormatFrom(
        source.baseAddress, Int32(sourceWidth), Int32(sourceHeight), 32, Int32(sourceWidth * 4),
        SDL_PIXELFORMAT_ARGB8888.rawValue)!
    defer {
        SDL_FreeSurface(reference)
        SDL_FreeSurface(from)
    }
    var rect = SDL_Rect(x: Int32(sx), y: Int32(sy), w: Int32(sw), h: Int32(sh))
    precondition(SDL_SoftStretchLinear(from, &rect, reference, nil) == 0, "SDL refused the reference")
    for y in 0..<frameHeight {
        for x in 0..<frameWidth {
            let inside = x >= max(cx0, dx) && x < min(cx1, dx + dw) && y >= max(cy0, dy) && y < min(cy1, dy + dh)
            let expected =
                inside
                ? (reference.pointee.pixels + (y - dy) * Int(reference.pointee.pitch)).assumingMemoryBound(
                    to: UInt32.self)[x - dx] : untouched
            precondition(frame[y * frameWidth + x] == expected, "pixel \(x),\(y) differs from SDL's or the clip")
        }
    }
    return 0
}

runFuzzer(fuzz)
