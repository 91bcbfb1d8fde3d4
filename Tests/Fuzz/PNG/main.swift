import Foundation
import FuzzDriver

@testable import TesseraImageIO

/// One libFuzzer input (`make fuzz`): the RGBA PNG fast path on any bytes, at full size and shrunk.
/// Besides never touching memory it does not own, it must give the bytes back as they were whenever
/// it declines (libspng then reads them). Images past 4 megapixels are left out: the code is the
/// same at any size, and the fuzzer's time is better spent on more inputs.
func fuzz(_ input: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data = input else { return 0 }
    guard size >= 24 else { return 0 }
    let width = Int(data[16]) << 24 | Int(data[17]) << 16 | Int(data[18]) << 8 | Int(data[19])
    let height = Int(data[20]) << 24 | Int(data[21]) << 16 | Int(data[22]) << 8 | Int(data[23])
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= 4 << 20 else { return 0 }
    for factor in [1, 3] {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { copy.deallocate() }
        copy.copyMemory(from: UnsafeRawBufferPointer(start: data, count: size))
        switch PNGDecoder.decode(copy, shrinkBy: factor) {
        case nil:
            precondition(memcmp(copy.baseAddress!, data, size) == 0, "declined with its bytes changed")
        case .success?, .failure?:
            break
        }
    }
    return 0
}

runFuzzer(fuzz)
