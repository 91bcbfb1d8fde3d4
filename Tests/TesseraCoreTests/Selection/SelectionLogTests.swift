import Foundation
import XCTest

@testable import TesseraCore

#if canImport(Glibc)
    import Glibc
#endif

final class SelectionLogTests: XCTestCase {
    private var file: URL!

    override func setUp() {
        file = FileManager.default.temporaryDirectory.appendingPathComponent("selections-\(UUID().uuidString).jsonl")
    }

    override func tearDown() { try? FileManager.default.removeItem(at: file) }

    func testAppendsOneWholeJSONLinePerConfirmation() throws {
        try "earlier line\n".write(to: file, atomically: true, encoding: .utf8)
        let log = try SelectionLog(path: file.path)
        try log.append(photos: ["/p/a.jpg", "/p/b.png"], time: Date(timeIntervalSince1970: 1_795_000_000))
        try log.append(photos: ["/p/c.jpg"], time: Date(timeIntervalSince1970: 1_795_000_060))
        let lines = try String(contentsOf: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 4, "appended after what was there, newline-terminated")
        XCTAssertEqual(lines[0], "earlier line")
        let first = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as! [String: Any]
        XCTAssertEqual(first["photos"] as? [String], ["/p/a.jpg", "/p/b.png"])
        XCTAssertEqual(first["time"] as? String, "2026-11-18T11:06:40Z")
        XCTAssertEqual(lines[3], "")
    }

    /// The file rotated into a FIFO while running (issue 44): the next confirmation is a failure that
    /// says so, not an `open` that waits for a reader forever. Run on a thread with a deadline for the
    /// hang it used to be.
    func testAnOutputReplacedByAFIFOWithoutAReaderFailsWithoutBlocking() throws {
        nonisolated(unsafe) let log = try SelectionLog(
            path: file.path, writer: { Glibc.write($0, $1, $2) }, warn: { _ in })
        try log.append(photos: ["/p/a.jpg"])
        try FileManager.default.removeItem(at: file)
        XCTAssertEqual(mkfifo(file.path, 0o644), 0)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: Error?
        let thread = Thread {
            do { try log.append(photos: ["/p/b.jpg"]) } catch { failure = error }
            done.signal()
        }
        thread.start()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "blocked in open() of the FIFO")
        XCTAssertEqual(failure.map { "\($0)" }, "--output \(file.path): a FIFO with no reader")
    }

    func testUnwritablePathIsAClearError() {
        XCTAssertThrowsError(try SelectionLog(path: "/nonexistent-folder/x.jsonl")) {
            XCTAssertTrue("\($0)".contains("--output /nonexistent-folder/x.jsonl"), "\($0)")
        }
    }

    func testReturnConfirmsThroughThePickerAndEmptiesTheDock() throws {
        let sim = makeSimulation()
        sim.selections = try SelectionLog(path: file.path)
        sim.tap("photo-02")
        sim.tap("photo-07")
        sim.settle()
        sim.handle(.key(.return))
        XCTAssertEqual(sim.dump().selection, [])
        let line = try String(contentsOf: file, encoding: .utf8)
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        XCTAssertEqual(object["photos"] as? [String], ["/nonexistent/2.jpg", "/nonexistent/7.jpg"])
        sim.settle()
        XCTAssertEqual(sim.container("grid")?.items.count, 24, "the confirmed photos fly back to the grid")
    }

    func testNothingToConfirmWritesNothing() throws {
        let sim = makeSimulation()
        sim.selections = try SelectionLog(path: file.path)
        sim.handle(.key(.return))
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "")
    }

    func testAFailedWriteKeepsTheDock() throws {
        let sim = makeSimulation()
        // /dev/full accepts the open and fails every write with ENOSPC.
        sim.selections = try SelectionLog(path: "/dev/full")
        sim.tap("photo-02")
        sim.handle(.key(.return))
        XCTAssertEqual(sim.dump().selection, ["photo-02"], "not durable, not acknowledged")
        guard case .selectionNotSaved(let reason) = sim.banner else { return XCTFail("no banner") }
        XCTAssertFalse(reason.isEmpty)
        // A confirm that is written takes the banner down.
        sim.selections = nil
        sim.selections = try SelectionLog(path: file.path)
        sim.handle(.key(.return))
        XCTAssertNil(sim.banner)
        XCTAssertEqual(sim.dump().selection, [])
    }

}
