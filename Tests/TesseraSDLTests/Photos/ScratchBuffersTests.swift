import XCTest

@testable import TesseraSDL

final class ScratchBuffersTests: XCTestCase {
    func testABufferGivenBackIsLentAgainForAnythingItHolds() {
        let pool = ScratchBuffers(limit: 2, capacity: 8 << 20)
        let first = pool.withBuffer(atLeast: 3 << 20) { $0.baseAddress }
        XCTAssertEqual(pool.idleBytes, 3 << 20, "rounded up to whole megabytes and kept")
        let again = pool.withBuffer(atLeast: 2 << 20) { buffer -> UnsafeMutableRawPointer? in
            XCTAssertGreaterThanOrEqual(buffer.count, 2 << 20)
            return buffer.baseAddress
        }
        XCTAssertEqual(first, again)
        let larger = pool.withBuffer(atLeast: 4 << 20) { $0.baseAddress }
        XCTAssertNotEqual(larger, first, "too small: a new one")
    }

    func testItKeepsAtMostItsLimitAndItsCapacityAndDrainsToNothing() {
        let pool = ScratchBuffers(limit: 2, capacity: 8 << 20)
        // Three lent at once, all given back: the two largest stay.
        pool.withBuffer(atLeast: 1 << 20) { _ in
            pool.withBuffer(atLeast: 2 << 20) { _ in
                pool.withBuffer(atLeast: 3 << 20) { _ in }
            }
        }
        XCTAssertEqual(pool.idleBytes, 5 << 20)
        pool.withBuffer(atLeast: 9 << 20) { _ in }
        XCTAssertEqual(pool.idleBytes, 5 << 20, "a buffer over the capacity is freed at once")
        pool.withBuffer(atLeast: 4 << 20) { _ in
            pool.withBuffer(atLeast: 4 << 20) { _ in }
        }
        XCTAssertLessThanOrEqual(pool.idleBytes, 8 << 20, "the largest go first")
        pool.drain()
        XCTAssertEqual(pool.idleBytes, 0)
    }
}
