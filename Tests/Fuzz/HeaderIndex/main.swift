import Foundation
import FuzzDriver

@testable import TesseraPhotos

/// One libFuzzer input (`make fuzz`): the photo folder's header index (`HeaderIndex`) on any bytes, as
/// a damaged or planted cache file would be. It must answer nil or photos that write back to exactly
/// the bytes read — nothing made up, nothing dropped — and never read past the bytes.
func fuzz(_ input: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data = input else { return 0 }
    // libFuzzer's own buffer, exactly `size` bytes long, so AddressSanitizer sees any read past the end.
    let bytes = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: data), count: size, deallocator: .none)
    if let photos = HeaderIndex.decode(bytes, folder: "/f") {
        precondition(HeaderIndex.encode(photos, folder: "/f") == bytes, "an index that does not write back")
        precondition(photos.allSatisfy { $0.path.utf8.starts(with: "/f/".utf8) && $0.modified >= 0 && $0.bytes >= 0 })
    }
    return 0
}

runFuzzer(fuzz)
