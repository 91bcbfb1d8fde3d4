import XCTest

@testable import TesseraCore

final class FrameHistoryTests: XCTestCase {
    private func record(_ n: Int) -> FrameRecord {
        var record = FrameRecord()
        record.start = UInt64(n)
        return record
    }

    func testTheRingHoldsTheLastCapacityFramesBeforeAndAfterItFills() {
        var history = FrameHistory(capacity: 4)
        for n in 0..<3 { history.append(record(n)) }
        XCTAssertEqual(history.count, 3)
        XCTAssertEqual(history.firstHeld, 0)
        XCTAssertEqual((0..<3).map { history[$0].start }, [0, 1, 2])
        for n in 3..<10 { history.append(record(n)) }
        XCTAssertEqual(history.count, 4)
        XCTAssertEqual(history.totalCount, 10)
        XCTAssertEqual(history.firstHeld, 6)
        XCTAssertEqual((6..<10).map { history[$0].start }, [6, 7, 8, 9])
        XCTAssertEqual(history.recent(0).start, 9)
        XCTAssertEqual(history.recent(3).start, 6)
    }
}
