import Foundation
import FuzzDriver

@testable import TesseraPhotos

/// One libFuzzer input (`make fuzz`): the header reader (PNG IHDR, JPEG markers, EXIF orientation) on
/// any bytes. It must answer nil or a header with positive sides, and never read past the bytes.
func fuzz(_ input: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data = input else { return 0 }
    // libFuzzer's own buffer, exactly `size` bytes long, so AddressSanitizer sees any read past the end.
    let bytes = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: data), count: size, deallocator: .none)
    if let info = ImageHeader.info(of: bytes) {
        precondition(info.storedWidth > 0 && info.storedHeight > 0, "a side of 0")
        precondition(info.size.width > 0 && info.size.height > 0, "shown size")
    }
    return 0
}

runFuzzer(fuzz)
