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

    private func waitInBackground(_ queue: DecodeQueue, for ids: [DecodeKey]) -> XCTestExpectation {
        let done = expectation(description: "the wait ended")
        Thread.detachNewThread {
            queue.wait(for: ids)
            done.fulfill()
        }
        return done
    }

    /// A photo decoded at a thumbnail's size and, before that was collected, larger (opened in the
    /// viewer): the larger result replaces the smaller, whose surfaces are freed — they were dropped
    /// unfreed, and a kiosk that kept opening photos grew by them. Each surface made here carries an
    /// extra reference, so a free by the queue shows as a count of 1.
    func testALargerDecodeReplacesASmallerOneNotYetCollectedAndFreesIt() throws {
        /// The surfaces the decodes made, by side (written on the decode threads).
        final class Made: @unchecked Sendable {
            let lock = NSLock()
            var surfaces: [Int: UnsafeMutablePointer<SDL_Surface>] = [:]
        }
        let made = Made()
        let queue = DecodeQueue { _, side, _ in
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(side), Int32(side), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
            surface.pointee.refcount += 1
            made.lock.withLock { made.surfaces[side] = surface }
            let decoded = PhotoDecoder.Decoded(levels: [surface], originalWidth: side, originalHeight: side)
            return (.success(decoded), .direct)
        }
        queue.request(DecodeKey("photo"), path: "/photo.jpg", side: 128)
        queue.wait(for: [DecodeKey("photo")])
        queue.request(DecodeKey("photo"), path: "/photo.jpg", side: 1024)
        queue.wait(for: [DecodeKey("photo")])
        let collected = try XCTUnwrap(queue.collect(DecodeKey("photo")))
        XCTAssertEqual(collected.side, 1024)
        guard case .success(let decoded) = collected.outcome else { return XCTFail("decoded") }
        let surfaces = made.lock.withLock { made.surfaces }
        XCTAssertEqual(decoded.levels.first, surfaces[1024])
        XCTAssertEqual(surfaces[128]?.pointee.refcount, 1, "the smaller result was freed by the queue")
        XCTAssertEqual(surfaces[1024]?.pointee.refcount, 2, "the larger one is the caller's")
        for surface in surfaces.values { SDL_FreeSurface(surface) }
        SDL_FreeSurface(decoded.levels[0])
    }

    func testAWaitEndsAsSoonAsAQuitIsAskedForWhateverIsStillDecoding() throws {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        defer { release.signal() }
        let queue = DecodeQueue(abandonAfter: 3600, decode: stuck(release, started: started))
        queue.request(DecodeKey("stuck"), path: "/nowhere.jpg", side: 128)
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        let ended = waitInBackground(queue, for: [DecodeKey("stuck")])
        // SIGTERM's handler sets this flag.
        ProcessSignals.simulate(quit: true)
        wait(for: [ended], timeout: 5)
        XCTAssertTrue(queue.isPending(DecodeKey("stuck")), "still decoding: the wait did not wait for it")
    }

    func testADecodeThatOverrunsIsAbandonedItsPhotoFailedAndItsLateResultDropped() throws {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let queue = DecodeQueue(abandonAfter: 0.3, decode: stuck(release, started: started))
        queue.request(DecodeKey("stuck"), path: "/nowhere.jpg", side: 128)
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        wait(for: [waitInBackground(queue, for: [DecodeKey("stuck")])], timeout: 10)
        let collected = try XCTUnwrap(queue.collect(DecodeKey("stuck")))
        guard case .failure(.timedOut) = collected.outcome else {
            return XCTFail("abandoned as timed out, not \(collected.outcome)")
        }
        XCTAssertEqual("\(PhotoDecoder.Failure.timedOut(seconds: 10))", "took longer than 10 s to decode; abandoned")
        XCTAssertFalse(queue.isPending(DecodeKey("stuck")))
        // The decoder comes back at last: what it made is dropped, not taken for the photo.
        release.signal()
        let deadline = Date().addingTimeInterval(10)
        while queue.snapshot().directDecodes == 0 && Date() < deadline { usleep(10_000) }
        XCTAssertEqual(queue.snapshot().directDecodes, 1, "the decoder came back")
        XCTAssertNil(queue.collect(DecodeKey("stuck")))
    }
}
