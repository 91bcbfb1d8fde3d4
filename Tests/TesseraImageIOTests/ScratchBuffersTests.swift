import XCTest

@testable import TesseraImageIO

final class ScratchBuffersTests: XCTestCase {
    private let mb = 1 << 20

    func testABufferGivenBackIsLentAgainForAnythingItHolds() {
        let pool = ScratchBuffers(limit: 2, capacity: 16 * mb)
        let first = pool.withBuffer(atLeast: 3 * mb) { $0.baseAddress }
        XCTAssertEqual(pool.idleBytes, 4 * mb, "rounded up to whole 2 MB pages and kept")
        let again = pool.withBuffer(atLeast: 2 * mb) { buffer -> UnsafeMutableRawPointer? in
            XCTAssertGreaterThanOrEqual(buffer.count, 2 * mb)
            return buffer.baseAddress
        }
        XCTAssertEqual(first, again)
        pool.withBuffer(atLeast: 5 * mb) { buffer in
            XCTAssertNotEqual(buffer.baseAddress, first, "too small: a new one")
            XCTAssertEqual(Int(bitPattern: buffer.baseAddress) % ScratchBuffers.granule, 0, "huge-page aligned")
        }
    }

    func testItKeepsAtMostItsLimitAndItsCapacityAndDrainsToNothing() {
        let pool = ScratchBuffers(limit: 2, capacity: 16 * mb)
        // Three lent at once, all given back: the two largest stay.
        pool.withBuffer(atLeast: 2 * mb) { _ in
            pool.withBuffer(atLeast: 4 * mb) { _ in
                pool.withBuffer(atLeast: 6 * mb) { _ in }
            }
        }
        XCTAssertEqual(pool.idleBytes, 10 * mb)
        pool.withBuffer(atLeast: 18 * mb) { _ in }
        XCTAssertEqual(pool.idleBytes, 10 * mb, "a buffer over the capacity is freed at once")
        pool.withBuffer(atLeast: 8 * mb) { _ in
            pool.withBuffer(atLeast: 8 * mb) { _ in }
        }
        XCTAssertLessThanOrEqual(pool.idleBytes, 16 * mb, "the largest go first")
        pool.drain()
        XCTAssertEqual(pool.idleBytes, 0)
    }
}
