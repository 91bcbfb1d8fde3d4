import Foundation
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// The script's `rescan` step (`Script+Rescan`): parsed, written back, and taken in at its time.
final class ScriptRescanTests: LiveFolderTestCase {
    /// The script's `rescan` step takes the folder's changes in at its time, not before, through the run
    /// loop (a headless run), and the dumps show it.
    func testScriptRescanStepTakesChangesInAtItsTime() throws {
        let sim = try simulation(.named("picker"))
        let dumps = folder.appendingPathComponent("dumps")
        try FileManager.default.createDirectory(at: dumps, withIntermediateDirectories: true)
        let script = try Script.parse(
            Data(
                """
                {"steps": [
                  {"at": 0.2, "dump": "\(dumps.path)/before.json"},
                  {"at": 0.5, "rescan": true},
                  {"at": 0.5, "dump": "\(dumps.path)/at.json"},
                  {"at": 2, "dump": "\(dumps.path)/after.json"}
                ]}
                """.utf8))
        let sink = NullSink()
        let loop = try FrameLoop(writingFiles: sim, sink: sink, timing: .simulated, script: script)
        loop.afterStep = { [self] simulation in
            // The folder changes at 0.1 s; nothing shows it until the rescan at 0.5 s.
            if simulation.stepCount == 12 {
                try writePhoto("photo-01")
                try remove("photo-24")
                try writePhoto("photo-12", width: 100, height: 900)
            }
        }
        try loop.run()
        func ids(_ name: String) throws -> [String] {
            let json = try readJSONObject(dumps.appendingPathComponent(name))
            return (json["tiles"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        XCTAssertTrue(try ids("before.json").contains("photo-24"))
        XCTAssertFalse(try ids("before.json").contains("photo-01"))
        XCTAssertTrue(try ids("at.json").contains("photo-01"))
        XCTAssertFalse(try ids("at.json").contains("photo-24"))
        XCTAssertEqual(try ids("after.json").sorted(), sim.photos.ids.map(\.rawValue).sorted())
        let at = try readJSONObject(dumps.appendingPathComponent("at.json"))
        let moving = (at["tiles"] as? [[String: Any]] ?? []).filter { $0["moving"] as? Bool == true }
        XCTAssertFalse(moving.isEmpty, "the reflow animates")
    }

    func testRescanStepParsesAndRejectsOtherValues() throws {
        let script = try Script.parse(Data(#"{"steps": [{"at": 1, "rescan": true}]}"#.utf8))
        XCTAssertEqual(script.steps, [Script.Step(at: 1, action: .rescan)])
        XCTAssertThrowsError(try Script.parse(Data(#"{"steps": [{"at": 1, "rescan": 1}]}"#.utf8))) { error in
            XCTAssertEqual((error as? Script.Error)?.message, #"step 0: "rescan": expected true"#)
        }
        // A recorded script writes it back.
        let again = try Script.parse(try script.jsonData())
        XCTAssertEqual(again.steps, script.steps)
    }
}
