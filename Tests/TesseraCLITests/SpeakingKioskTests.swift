import Foundation
import TesseraTestSupport
import XCTest

/// `tessera --speak` against a real speech-dispatcher (`SpeechDispatcherRig`: a private server whose
/// module writes each message, and espeak-ng's speech of it, to files): a scripted session's
/// announcements in order, and touch exploration that reads without selecting until a double tap.
final class SpeakingKioskTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func rig() throws -> SpeechDispatcherRig {
        if let missing = SpeechDispatcherRig.missing { throw XCTSkip(missing) }
        return try SpeechDispatcherRig()
    }

    private func speak(_ steps: String, rig: SpeechDispatcherRig) throws -> [String: Any] {
        let dump = folder.appendingPathComponent("end.json")
        let run = try TesseraProcess.run(
            [
                "--headless", "--kiosk", "--speak", "--script", try writeScript(steps, in: folder), "--dump-state",
                dump.path,
            ],
            environment: ["SPEECHD_ADDRESS": rig.address])
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        return try readJSON(dump)
    }

    func testFocusMovesASelectionAndASceneSwitchAreSpokenInOrder() throws {
        let rig = try rig()
        _ = try speak(
            #"{"at": 0.1, "key": "Tab"}, {"at": 0.4, "key": "Right"}, {"at": 0.8, "key": "Space"}, {"at": 1.6, "key": "2"}"#,
            rig: rig)
        let spoken = rig.waitForSpoken(count: 4)
        XCTAssertEqual(spoken.count, 4, rig.log)
        guard spoken.count == 4 else { return }
        XCTAssertTrue(spoken[0].text.hasSuffix(", image, 1 of 24"), "\(spoken[0])")
        XCTAssertTrue(spoken[1].text.hasSuffix(", image, 2 of 24"), "\(spoken[1])")
        let second = String(spoken[1].text.dropLast(", image, 2 of 24".count))
        XCTAssertEqual(spoken[2].text, "\(second), added to the dock, 1 selected")
        XCTAssertEqual(spoken[3].text, "Waterfall, tab 2 of 4")
        XCTAssertTrue(spoken.allSatisfy { $0.language == "en" })
        XCTAssertTrue(rig.soundFileSizes.allSatisfy { $0 > 1024 }, "espeak-ng spoke each")
    }

    func testTouchExplorationReadsWithoutSelectingUntilADoubleTap() throws {
        let rig = try rig()
        // Over the grid's first row, photo-01 to photo-03, with a finger; then a double tap far away.
        let state = try speak(
            #"{"at": 0.1, "drag": {"from": [57, 139], "to": [239, 139], "seconds": 0.6, "hold": 0.2, "touch": true}},"#
                + #"{"at": 1.2, "dump": "\#(folder.appendingPathComponent("explored.json").path)"},"#
                + #"{"at": 1.5, "doubleTap": [900, 700]}"#, rig: rig)
        let explored = try readJSON(folder.appendingPathComponent("explored.json"))
        XCTAssertEqual(explored["selection"] as? [String], [], "exploring selects nothing")
        XCTAssertEqual(state["selection"] as? [String], ["photo-03"], "the double tap selects the last photo read")
        let spoken = rig.waitForSpoken(count: 4).map(\.text)
        XCTAssertEqual(spoken.count, 4, rig.log)
        guard spoken.count == 4 else { return }
        for (i, line) in spoken.prefix(3).enumerated() {
            XCTAssertTrue(line.hasSuffix(", image, \(i + 1) of 24"), line)
        }
        XCTAssertTrue(spoken[3].hasSuffix("added to the dock, 1 selected"), spoken[3])
    }
}
