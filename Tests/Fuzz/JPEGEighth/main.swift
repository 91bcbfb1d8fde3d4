import Foundation
import FuzzDriver
import TesseraPhotos

@testable import TesseraImageIO

/// One libFuzzer input (`make fuzz`): the DC-only 1/8 JPEG decoder on any bytes. It must return a
/// picture or nil, never touch memory it does not own (AddressSanitizer watches), and never hang.
/// As in `PhotoDecoder`, a file declaring more pixels than its bytes can hold is refused before this
/// decoder sees it, so the harness refuses it too.
func fuzz(_ input: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data = input else { return 0 }
    let raw = UnsafeRawBufferPointer(start: data, count: size)
    let bytes = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: data), count: size, deallocator: .none)
    guard let info = ImageHeader.info(of: bytes), info.isJPEG,
        info.storedWidth * info.storedHeight <= 1024 * size + (1 << 20)
    else { return 0 }
    if let picture = JPEGEighthDecoder.decode(raw) {
        precondition(picture.width == (info.storedWidth + 7) / 8, "width")
        precondition(picture.height == (info.storedHeight + 7) / 8, "height")
    }
    return 0
}

runFuzzer(fuzz)
