import Foundation
import TesseraCore
import TesseraSpeech
import TesseraTestSupport
import XCTest

/// `SpeechDispatcherOutput` against a real speech-dispatcher (`SpeechDispatcherRig`: a private server
/// whose module writes what it is given, and espeak-ng's speech of it, to files).
final class SpeechDispatcherOutputTests: XCTestCase {
    private func rig() throws -> SpeechDispatcherRig {
        if let missing = SpeechDispatcherRig.missing { throw XCTSkip(missing) }
        return try SpeechDispatcherRig()
    }

    /// Connects the way the kiosk does: `SPEECHD_ADDRESS` names the server.
    private func output(_ rig: SpeechDispatcherRig, rate: Int = 0) throws -> SpeechDispatcherOutput {
        setenv("SPEECHD_ADDRESS", rig.address, 1)
        defer { unsetenv("SPEECHD_ADDRESS") }
        return try SpeechDispatcherOutput(rate: rate)
    }

    func testUtterancesAreSpokenInOrderEachInItsLanguage() throws {
        let rig = try rig()
        let output = try output(rig)
        output.speak("Picker", language: "en", interrupt: false)
        output.speak("Lighthouse at dusk, added to the dock, 1 selected", language: "en", interrupt: false)
        output.speak("书房", language: "zh", interrupt: false)
        output.speak("Gallery", language: "en", interrupt: false)
        output.close()
        let spoken = rig.waitForSpoken(count: 4)
        XCTAssertEqual(
            spoken,
            [
                .init("en", "Picker"), .init("en", "Lighthouse at dusk, added to the dock, 1 selected"),
                .init("zh", "书房"), .init("en", "Gallery"),
            ], rig.log)
        // espeak-ng made speech of each: more than a header's worth of samples.
        let sizes = rig.soundFileSizes
        XCTAssertEqual(sizes.count, 4)
        for (index, size) in sizes.enumerated() { XCTAssertGreaterThan(size, 1024, "\(index + 1).wav") }
    }

    func testAShellsSpecialCharactersReachTheSynthesizerAsWritten() throws {
        let rig = try rig()
        let output = try output(rig, rate: 50)
        let text = "It's \"Tessera\": $HOME; `date` & 100 %"
        output.speak(text, language: "en", interrupt: false)
        output.close()
        XCTAssertEqual(rig.waitForSpoken(count: 1), [.init("en", text)], rig.log)
    }

    /// `speech.rate` reaches the voice: the same words at the fastest rate make less sound than at the slowest.
    func testTheRateChangesHowFastTheVoiceSpeaks() throws {
        let rig = try rig()
        let words = "Lighthouse at dusk, added to the dock"
        for rate in [-100, 100] {
            let output = try output(rig, rate: rate)
            output.speak(words, language: "en", interrupt: false)
            output.close()
        }
        _ = rig.waitForSpoken(count: 2)
        let sizes = rig.soundFileSizes
        XCTAssertEqual(sizes.count, 2, rig.log)
        XCTAssertLessThan(Double(sizes[1]), Double(sizes[0]) * 0.6, "\(sizes): fastest against slowest")
    }

    func testAnInterruptingUtteranceIsSpokenAfterWhatItCancels() throws {
        let rig = try rig()
        let output = try output(rig)
        for n in 1...5 { output.speak("Photo \(n)", language: "en", interrupt: false) }
        output.speak("Gallery", language: "en", interrupt: true)
        output.close()
        // Whatever of the five was already said, the interrupting one is said, and last.
        let spoken = rig.waitForSpoken { $0.last?.text == "Gallery" }
        XCTAssertEqual(spoken.last, .init("en", "Gallery"), rig.log)
        XCTAssertEqual(spoken.filter { $0.text == "Gallery" }.count, 1)
        XCTAssertEqual(spoken.dropLast().map(\.text), (1...5).map { "Photo \($0)" }.prefix(spoken.count - 1).map { $0 })
    }

    /// libspeechd alone (no server installed) says the same: the connection's failure comes first.
    func testNoServerIsAnErrorWithItsReason() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-no-speechd-\(getpid())")
        setenv("SPEECHD_ADDRESS", "unix_socket:\(folder.path)/none.sock", 1)
        defer { unsetenv("SPEECHD_ADDRESS") }
        XCTAssertThrowsError(try SpeechDispatcherOutput()) { error in
            let reason = "\(error)"
            XCTAssertTrue(reason.contains("none.sock"), reason)
            XCTAssertFalse(reason.contains("\n"), reason)
        }
    }
}
