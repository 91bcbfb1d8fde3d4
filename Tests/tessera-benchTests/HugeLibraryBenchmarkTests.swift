import XCTest

@testable import tessera_bench

/// The hundred thousand photos' pure parts: the folder of links, the driven windows' schedule and how a
/// window's profile becomes its figures. No window and no large folder.
final class HugeLibraryBenchmarkTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-huge-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func inode(_ url: URL) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int)
    }

    /// Every name is a hard link to an original taken in rotation, numbered from 1 with six digits.
    func testTheFolderLinksTheOriginalsInRotation() throws {
        let originals = try (0..<3).map { i -> URL in
            let url = directory.appendingPathComponent("original-\(i).jpg")
            try Data([UInt8(i)]).write(to: url)
            return url
        }
        let folder = directory.appendingPathComponent("library")
        try HugeLibraryBenchmark.prepare(folder, count: 7, originals: originals)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(names.sorted(), (1...7).map { String(format: "photo-%06d.jpg", $0) })
        for n in 1...7 {
            let link = folder.appendingPathComponent(String(format: "photo-%06d.jpg", n))
            XCTAssertEqual(try inode(link), try inode(originals[(n - 1) % 3]), "photo \(n)")
        }
    }

    /// A finished folder (its marker) is kept as it is; one without the marker is made again.
    func testAFinishedFolderIsKeptAndAnUnfinishedOneRemade() throws {
        let original = directory.appendingPathComponent("original.jpg")
        try Data([1]).write(to: original)
        let folder = directory.appendingPathComponent("library")
        try HugeLibraryBenchmark.prepare(folder, count: 2, originals: [original])
        let first = folder.appendingPathComponent("photo-000001.jpg")
        try FileManager.default.removeItem(at: first)
        try HugeLibraryBenchmark.prepare(folder, count: 2, originals: [original])
        XCTAssertFalse(FileManager.default.fileExists(atPath: first.path), "kept, not made again")

        try FileManager.default.removeItem(at: folder.appendingPathComponent(".complete"))
        try HugeLibraryBenchmark.prepare(folder, count: 2, originals: [original])
        XCTAssertTrue(FileManager.default.fileExists(atPath: first.path), "made again")
    }

    /// Each request is one JSON object the control socket takes: a drag's points and seconds, a
    /// resize's size.
    func testEachRequestIsOneJSONObject() throws {
        let lines = DrivenWindow.schedule.map(\.line)
        XCTAssertFalse(lines.contains { $0.contains("\n") })
        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let drag = try XCTUnwrap(first["drag"] as? [String: Any])
        XCTAssertEqual(drag["from"] as? [Int], [500, 600])
        XCTAssertEqual(drag["to"] as? [Int], [500, 150])
        XCTAssertEqual(try XCTUnwrap(drag["seconds"] as? Double), 0.12, accuracy: 1e-12)
        let resize = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[4].utf8)) as? [String: Any])
        XCTAssertEqual(resize["resize"] as? [Int], [800, 600])
    }

    /// Requests come in time order, each drag over before the next request, and every drag inside the
    /// window as the resizes before it left it (it starts at tessera's default 1024×768): a drag
    /// outside would touch nothing.
    func testTheScheduleDragsInsideTheWindowOneRequestAtATime() {
        var window = (width: 1024, height: 768)
        var free = 0.0
        for step in DrivenWindow.schedule {
            XCTAssertGreaterThanOrEqual(step.at, free, "\(step.line) starts before the last request ended")
            switch step.request {
            case .drag(let from, let to, let seconds):
                for point in [from, to] {
                    XCTAssertTrue(
                        (0..<window.width).contains(point[0]) && (0..<window.height).contains(point[1]),
                        "\(step.line) outside \(window)")
                }
                free = step.at + seconds
            case .resize(let width, let height):
                window = (width, height)
                free = step.at
            }
        }
        XCTAssertEqual(DrivenWindow.schedule.count, 9)
    }

    private let profile = #"""
        {
          "frames": 368, "steps": 903, "hz": 120, "budgetMs": 16.6667,
          "phases": {
            "render": {"p50": 1.6448, "p95": 7.4277, "p99": 14.1866, "max": 46.7051, "mean": 2.6527},
            "frame": {"p50": 2.3379, "p95": 8.7085, "p99": 14.3758, "max": 52.5326, "mean": 3.3013}
          },
          "overBudget": 1, "summarizedFrames": 367
        }
        """#

    /// The figures are the whole frame's, not another phase's; the budget is the profile's.
    func testAProfileBecomesAWindowsFigures() throws {
        let figures = try DrivenWindow.Figures(scene: "picker", profile: Data(profile.utf8), peakRSSMegabytes: 180.5)
        XCTAssertEqual(
            figures,
            DrivenWindow.Figures(
                scene: "picker", frames: 368, overBudget: 1, frameP50Ms: 2.3379, frameP99Ms: 14.3758,
                frameMaxMs: 52.5326, budgetMs: 16.6667, peakRSSMegabytes: 180.5))
    }

    /// A profile without a budget has none; one without the frame phase is an error, not zeros.
    func testAProfileWithoutABudgetOrAFramePhase() throws {
        let noBudget = profile.replacingOccurrences(of: #""budgetMs": 16.6667,"#, with: "")
        XCTAssertNil(
            try DrivenWindow.Figures(scene: "gallery", profile: Data(noBudget.utf8), peakRSSMegabytes: 1).budgetMs)
        let noFrame = profile.replacingOccurrences(of: #""frame": {"#, with: #""simulate": {"#)
        XCTAssertThrowsError(
            try DrivenWindow.Figures(scene: "gallery", profile: Data(noFrame.utf8), peakRSSMegabytes: 1))
        XCTAssertThrowsError(try DrivenWindow.Figures(scene: "gallery", profile: Data("{}".utf8), peakRSSMegabytes: 1))
    }

    private func result(windows: [DrivenWindow.Figures]?) -> HugeLibraryBenchmark.Result {
        HugeLibraryBenchmark.Result(
            photos: 1234, distinctFiles: 5, pickerColdSeconds: 2.5, pickerWarmSeconds: 0.75,
            waterfallColdSeconds: 3.25, waterfallWarmSeconds: 1.125, warmRuns: 3,
            headerIndex: HeaderIndexBenchmark.Result(
                photos: 1234, indexBytes: 61_000, indexReadMs: 0.75, jsonBytes: 142_000, jsonReadMs: 9.5,
                jsonOverIndex: 12.666),
            display: windows.map { _ in ":7" }, displayFrameMs: 20, windows: windows)
    }

    /// Every figure in the table is the run's: the photos, the launches, and each window's p99 over the
    /// display's frame (here a 50 Hz one's 20 ms) as a ratio.
    func testTheTableReadsEveryFigureFromTheRun() throws {
        let window = DrivenWindow.Figures(
            scene: "waterfall", frames: 321, overBudget: 4, frameP50Ms: 2.5, frameP99Ms: 30, frameMaxMs: 41.5,
            budgetMs: nil, peakRSSMegabytes: 250.25)
        let table = BenchReport.hugeLines(result(windows: [window])).joined(separator: "\n")
        for figure in [
            "1234 photos", "5 bundled", "2.500", "0.750", "3.250", "1.125", "median of 3", ":7",
            "(HeaderIndex, 61 kB): 0.8 ms",
            "(142 kB): 9.5 ms, ×12.7",
        ] {
            XCTAssertTrue(table.contains(figure), figure)
        }
        XCTAssertTrue(table.contains("waterfall    321 frames, 4 over budget; frame p50 2.50 ms"), table)
        XCTAssertTrue(table.contains("p99 30.00 ms, max 41.50 ms; peak RSS 250.2 MB"), table)
        XCTAssertTrue(table.contains("against a 50 Hz frame of 20.0 ms: ×1.50"), table)
        XCTAssertFalse(table.contains("60 Hz"))
    }

    func testATableWithoutWindowsSaysSo() {
        let table = BenchReport.hugeLines(result(windows: nil))
        XCTAssertEqual(table.last, "  windows: skipped (no DISPLAY and no Xvfb)")
        XCTAssertEqual(BenchReport.hugeLines(nil).count, 2)
    }
}
