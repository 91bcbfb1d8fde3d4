import Foundation
import XCTest

/// A simulated hour with periodic taps must not grow: peak memory after 60 simulated minutes within
/// 8 MB of after 6. Long, so only in `make soak` (TESSERA_LONG=1).
final class SoakTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        guard ProcessInfo.processInfo.environment["TESSERA_LONG"] == "1" else {
            throw XCTSkip("a simulated hour: run `make soak`")
        }
        folder = try makeTemporaryFolder()
    }

    override func tearDownWithError() throws { if let folder { try? FileManager.default.removeItem(at: folder) } }

    /// A tap every 5 s, alternating between the first grid tile and the first dock slot, for `minutes`.
    private func script(minutes: Int) throws -> String {
        let steps = stride(from: 0, to: minutes * 60, by: 5).enumerated().map { i, t in
            i % 2 == 0 ? #"{"at": \#(t), "click": [57, 139]}"# : #"{"at": \#(t), "click": [82, 686]}"#
        }
        let url = folder.appendingPathComponent("soak-\(minutes).json")
        try #"{"steps": [\#(steps.joined(separator: ","))]}"#.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs and returns the peak resident set (kB), read from /proc while it runs.
    private func peakKilobytes(minutes: Int) throws -> Int {
        let process = Process()
        process.executableURL = TesseraProcess.executable
        process.arguments = [
            "--headless", "--script", try script(minutes: minutes), "--frames", "\(minutes * 60 * 120)",
            "--render-every", "1200", "--output", "/dev/null",
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var peak = 0
        while process.isRunning {
            if let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kb = Int(line.split(separator: " ").dropFirst().first ?? "")
            {
                peak = max(peak, kb)
            }
            usleep(20_000)
        }
        XCTAssertEqual(process.terminationStatus, 0)
        return peak
    }

    func testAnHourDoesNotGrow() throws {
        let six = try peakKilobytes(minutes: 6)
        let sixty = try peakKilobytes(minutes: 60)
        print("soak: peak \(six) kB after 6 simulated minutes, \(sixty) kB after 60")
        XCTAssertGreaterThan(six, 0)
        XCTAssertLessThanOrEqual(sixty - six, 8 * 1024, "grew \(sixty - six) kB")
    }
}
