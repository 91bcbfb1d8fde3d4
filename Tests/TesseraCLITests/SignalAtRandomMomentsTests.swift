import Foundation
import XCTest

@testable import TesseraCore

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM at 50 moments drawn at random (a fixed seed) across runs that start up, scan a folder of
/// 20,000 files, decode photos, play a script of 2,000 steps and storm: each run ends within a second
/// and leaves its outputs whole (issue 44).
///
/// The only moment no program can take a signal is while the dynamic loader maps its libraries, before
/// the executable's first instruction (`.preinit_array`, where the handlers go in): a SIGTERM then has
/// its default action, and the run ends at once by it, having written nothing (systemd counts such an
/// end as clean, systemd.service(5), `SuccessExitStatus=`). That is accepted here only with no output
/// begun.
final class SignalAtRandomMomentsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testSIGTERMAtFiftyRandomMomentsEndsEveryRunWithinASecondWithItsOutputsWhole() throws {
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let bundled = TesseraProcess.root.appendingPathComponent("Assets/Photos")
        for name in try FileManager.default.contentsOfDirectory(atPath: bundled.path) {
            try FileManager.default.copyItem(
                at: bundled.appendingPathComponent(name), to: photos.appendingPathComponent(name))
        }
        for index in 0..<20_000 {
            close(open(photos.appendingPathComponent("empty-\(index).jpg").path, O_WRONLY | O_CREAT, 0o644))
        }
        let steps = (0..<2_000).map { index in
            index % 100 == 0
                ? #"{"at": \#(Double(index) / 1000), "screenshot": "shot.png"}"#
                : #"{"at": \#(Double(index) / 1000), "tap": "photo-\#(String(format: "%02d", index % 24 + 1))"}"#
        }
        let script = try writeScript(steps.joined(separator: ", "), in: folder)
        let outputs = ["--dump-state", "dump.json", "--profile-json", "profile.json", "--trace", "trace.json"]
        let runs: [[String]] = [
            ["--headless", "--photos", photos.path, "--scene", "waterfall", "--frames", "100000000"],
            ["--headless", "--script", script, "--scene", "picker"],
            ["--headless", "--monkey", "11", "--frames", "60000", "--render-every", "6"],
        ]
        var generator = SeededRandom(seed: 44)
        var diedBeforeStarting = 0
        for moment in 0..<50 {
            // The first ten in the first 10 ms (start-up), the rest up to 0.8 s in.
            let delay = moment < 10 ? generator.next() % 10_000 : 10_000 + generator.next() % 790_000
            let arguments = runs[moment % runs.count] + outputs
            for name in ["dump.json", "profile.json", "trace.json"] {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
            let run = try SpawnedRun(arguments, in: folder)
            usleep(UInt32(delay))
            kill(run.pid, SIGTERM)
            let what = "moment \(moment), \(delay / 1000) ms into \(arguments.prefix(4).joined(separator: " "))"
            let code = run.exit(within: 1)
            XCTAssertNotNil(code, "\(what): still running a second after SIGTERM")
            let written = ["dump.json", "profile.json", "trace.json"].filter {
                FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
            }
            switch code {
            case 0:
                XCTAssertNotNil(try readJSON(folder.appendingPathComponent("dump.json"))["step"], what)
                XCTAssertNotNil(try readJSON(folder.appendingPathComponent("profile.json"))["frames"], what)
                XCTAssertNotNil(try readJSON(folder.appendingPathComponent("trace.json"))["traceEvents"], what)
            case 128 + SIGTERM:
                XCTAssertEqual(written, [], "\(what): ended by the signal with outputs begun")
                XCTAssertEqual(run.stderr, "", what)
                diedBeforeStarting += 1
            default:
                XCTFail("\(what): exit \(code.map(String.init) ?? "none"): \(run.stderr.prefix(300))")
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".tmp")
            }
            XCTAssertEqual(leftovers, [], "\(what): temporary files left")
        }
        // How many land before the handlers depends on how busy the machine is (the loader is slower
        // under load); most runs are well past them and must have taken the orderly exit.
        XCTAssertGreaterThanOrEqual(50 - diedBeforeStarting, 30, "runs that took the orderly exit")
    }
}
