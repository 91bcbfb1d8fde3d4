import CSDL2
import Foundation
import XCTest

@testable import TesseraCore
@testable import TesseraImageIO
@testable import TesseraSDL

/// The process stays in charge of a decode that never ends: a wait ends on a quit, and a decode past
/// its time is abandoned and its photo given up. The decodes here block until the test lets them go
/// (a decoder stuck where it cannot look at the clock); the harness's time limits catch a wait that
/// does not end.
final class DecodeQueueTests: XCTestCase {
    override func tearDown() { ProcessSignals.reset() }

    /// A decode that blocks until `release` is signalled, then fails.
    private func stuck(_ release: DispatchSemaphore, started: DispatchSemaphore) -> DecodeQueue.Decode {
        { _, _, _ in
            started.signal()
            release.wait()
            return (.failure(.corrupt("let go")), .direct)
        }
    }

    private func waitInBackground(_ queue: DecodeQueue, for ids: [String]) -> XCTestExpectation {
        let done = expectation(description: "the wait ended")
        Thread.detachNewThread {
            queue.wait(for: ids)
            done.fulfill()
        }
        return done
    }

    func testAWaitEndsAsSoonAsAQuitIsAskedForWhateverIsStillDecoding() throws {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        defer { release.signal() }
        let queue = DecodeQueue(abandonAfter: 3600, decode: stuck(release, started: started))
        queue.request("stuck", path: "/nowhere.jpg", side: 128)
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        let ended = waitInBackground(queue, for: ["stuck"])
        // SIGTERM's handler sets this flag.
        ProcessSignals.simulate(quit: true)
        wait(for: [ended], timeout: 5)
        XCTAssertTrue(queue.isPending("stuck"), "still decoding: the wait did not wait for it")
    }

    func testADecodeThatOverrunsIsAbandonedItsPhotoFailedAndItsLateResultDropped() throws {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let queue = DecodeQueue(abandonAfter: 0.3, decode: stuck(release, started: started))
        queue.request("stuck", path: "/nowhere.jpg", side: 128)
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        wait(for: [waitInBackground(queue, for: ["stuck"])], timeout: 10)
        let collected = try XCTUnwrap(queue.collect("stuck"))
        guard case .failure(.timedOut) = collected.outcome else {
            return XCTFail("abandoned as timed out, not \(collected.outcome)")
        }
        XCTAssertEqual("\(PhotoDecoder.Failure.timedOut(seconds: 10))", "took longer than 10 s to decode; abandoned")
        XCTAssertFalse(queue.isPending("stuck"))
        // The decoder comes back at last: what it made is dropped, not taken for the photo.
        release.signal()
        let deadline = Date().addingTimeInterval(10)
        while queue.snapshot().directDecodes == 0 && Date() < deadline { usleep(10_000) }
        XCTAssertEqual(queue.snapshot().directDecodes, 1, "the decoder came back")
        XCTAssertNil(queue.collect("stuck"))
    }
}
