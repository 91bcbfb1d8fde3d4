import Foundation
import XCTest

/// The backend keeps no clock of its own (docs/ARCHITECTURE.md, "The run loop"): SDL's clocks are read in
/// one file, `SDLPerformanceCounter.swift`, and what moves on screen — the loading tile's pulse included —
/// moves on the simulation's time.
final class ClockPortTests: XCTestCase {
    func testSDLsClocksAreReadOnlyByTheClockPort() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources").standardizedFileURL
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 100)
        for file in files where !file.hasSuffix("SDLPerformanceCounter.swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for clock in ["SDL_GetTicks(", "SDL_GetTicks64(", "SDL_GetPerformanceCounter("] {
                    XCTAssertFalse(line.contains(clock), "\(file) reads \(clock)…): \(line)")
                }
            }
        }
    }
}
