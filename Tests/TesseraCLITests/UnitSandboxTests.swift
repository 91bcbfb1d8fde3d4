import Foundation
import XCTest

/// The shipped unit (`Configs/systemd/tessera-kiosk.service`) as `systemd-analyze security` scores it,
/// offline (no running systemd needed): at most the exposure the README gives (issue 45).
final class UnitSandboxTests: XCTestCase {
    /// The figure in the README and docs/KIOSK.md ("The sandbox"); lower is better, systemd calls under 2 "OK".
    static let documentedExposure = 1.5

    func testTheUnitsExposureIsAtMostTheDocumentedScore() throws {
        guard
            let analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first(
                where: FileManager.default.isExecutableFile)
        else { throw XCTSkip("systemd-analyze is not installed (apt install systemd)") }
        let unit = TesseraProcess.root.appendingPathComponent("Configs/systemd/tessera-kiosk.service")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: analyze)
        process.arguments = ["security", "--offline=true", "--no-pager", unit.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("Overall exposure level") }, text)
        let score = try XCTUnwrap(
            line.split(separator: " ").compactMap { Double($0) }.first, "a score in \"\(line)\"")
        XCTAssertLessThanOrEqual(score, Self.documentedExposure, String(line))
        let guide = try String(
            contentsOf: TesseraProcess.root.appendingPathComponent("docs/KIOSK.md"), encoding: .utf8)
        XCTAssertTrue(guide.contains("exposure \(Self.documentedExposure)"), "docs/KIOSK.md gives the score")
        for setting in ["ProtectSystem=strict", "ProtectHome=read-only", "PrivateTmp=yes", "NoNewPrivileges=yes"] {
            XCTAssertTrue(try String(contentsOf: unit, encoding: .utf8).contains(setting), setting)
        }
    }
}
