import Foundation
import XCTest

@testable import TesseraCore

/// The `speech` section: off unless a file (or `--speak`) says so, its rate in speech-dispatcher's range.
final class SpeechConfigTests: XCTestCase {
    func testSpeechIsOffAtTheVoicesOwnRateByDefault() {
        XCTAssertFalse(Config().speech.enabled)
        XCTAssertEqual(Config().speech.rate, 0)
    }

    func testAFileTurnsSpeechOnAtARate() throws {
        let config = try ConfigLoader.decode(Data(#"{"speech": {"enabled": true, "rate": -40}}"#.utf8))
        XCTAssertTrue(config.speech.enabled)
        XCTAssertEqual(config.speech.rate, -40)
    }

    func testARateOutsideSpeechDispatchersRangeIsRefused() {
        XCTAssertThrowsError(try ConfigLoader.decode(Data(#"{"speech": {"rate": 101}}"#.utf8))) { error in
            XCTAssertEqual("\(error)", "speech.rate: must be a whole number from -100 to 100, got 101")
        }
        XCTAssertThrowsError(try ConfigLoader.decode(Data(#"{"speech": {"enabled": "yes"}}"#.utf8))) { error in
            XCTAssertTrue("\(error)".hasPrefix("speech.enabled"), "\(error)")
        }
    }
}
