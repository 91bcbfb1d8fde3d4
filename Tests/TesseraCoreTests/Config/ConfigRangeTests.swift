import Foundation
import XCTest

@testable import TesseraCore

/// Every number a config may set has a documented range, lower and upper, checked with its key path.
final class ConfigRangeTests: XCTestCase {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
            .standardizedFileURL
    }

    /// The key paths of every number in `Configs/default.json`.
    private func numericKeys() throws -> [String] {
        let data = try Data(contentsOf: repository.appendingPathComponent("Configs/default.json"))
        var keys: [String] = []
        func walk(_ value: Any, _ path: [String]) {
            if let object = value as? [String: Any] {
                for (key, nested) in object { walk(nested, path + [key]) }
            } else if let number = value as? NSNumber, String(cString: number.objCType) != "c" {
                keys.append(path.joined(separator: "."))
            }
        }
        walk(try JSONSerialization.jsonObject(with: data), [])
        return keys.sorted()
    }

    /// `{"a": {"b": value}}` for key "a.b".
    private func json(_ key: String, _ value: String) -> String {
        key.split(separator: ".").reversed().reduce(value) { inner, part in "{\"\(part)\": \(inner)}" }
    }

    func testEveryNumberInTheDefaultConfigHasARange() throws {
        let documented = RangeCheck.documented().map(\.key)
        XCTAssertEqual(Set(documented).count, documented.count, "each key once")
        // `textScale` is left out of default.json so that a window follows the desktop's (Configs/README.md).
        XCTAssertEqual(documented.sorted(), try (numericKeys() + ["textScale"]).sorted())
    }

    func testAValueBelowOrAboveItsRangeIsRefusedNamingTheKeyAndTheRange() {
        for (key, range) in RangeCheck.documented() {
            let below = range.lower - (range.isWhole ? 1 : max(0.001, abs(range.lower) / 2))
            let above = range.upper + (range.isWhole ? 1 : max(1, range.upper))
            for value in [below, above, 1e300, -1e300] {
                let text = range.isWhole && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
                XCTAssertThrowsError(try ConfigLoader.decode(Data(json(key, text).utf8)), "\(key) = \(text)") {
                    let message = "\($0)"
                    XCTAssertTrue(message.hasPrefix("\(key): must be "), message)
                    if abs(value) < 1e15 { XCTAssertTrue(message.contains("\(range)"), message) }
                }
            }
            XCTAssertNoThrow(
                try ConfigLoader.decode(Data(json(key, ConfigRange.format(range.upper)).utf8)),
                "\(key) at its upper bound")
        }
    }

    func testTheTabBarExampleIsAnErrorNamingTheKeyAndRange() {
        XCTAssertThrowsError(try ConfigLoader.decode(Data(#"{"tabBar": {"fontSize": -5, "height": -30}}"#.utf8))) {
            XCTAssertEqual("\($0)", "tabBar.height: must be from 1 to 200, got -30")
        }
    }

    func testAFractionForAWholeNumberSaysSo() {
        XCTAssertThrowsError(try ConfigLoader.decode(Data(#"{"gallery": {"featured": {"cards": 2.5}}}"#.utf8))) {
            XCTAssertEqual("\($0)", "gallery.featured.cards: must be a whole number from 1 to 1000, got 2.5")
        }
        XCTAssertThrowsError(try ConfigLoader.decode(Data(#"{"profiling": {"historyFrames": 4e9}}"#.utf8))) {
            XCTAssertEqual("\($0)", "profiling.historyFrames: must be a whole number from 1 to 262144, got 4000000000")
        }
    }

    func testConfigsREADMEListsEveryRange() throws {
        let readme = try String(contentsOf: repository.appendingPathComponent("Configs/README.md"), encoding: .utf8)
        let table = RangeCheck.documented().map { "| `\($0.key)` | \($0.range) |" }
        let missing = table.filter { !readme.contains($0) }
        if !missing.isEmpty {
            try? table.joined(separator: "\n").write(
                toFile: "/tmp/tessera-config-ranges.md", atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(missing, [], "Configs/README.md is out of step (the full table: /tmp/tessera-config-ranges.md)")
    }
}

/// The ends of the spring ranges still animate to finite values and come to rest.
final class SpringRangeEndsTests: XCTestCase {
    func testSpringsAtTheEndsOfTheirRangesStayFiniteAndSettle() {
        for (response, damping) in [(0.01, 0.01), (0.01, 10.0), (10.0, 0.01), (10.0, 10.0)] {
            var value = AnimatedValue(0)
            let spring = SpringParameters(response: response, dampingFraction: damping)
            value.animate(from: 0, velocity: 8000, to: 16384, with: spring)
            for _ in 0..<(120 * 3600) where !value.isSettled {
                value.step(1.0 / 120)
                XCTAssertTrue(value.value.isFinite, "response \(response), damping \(damping)")
                if !value.value.isFinite { break }
            }
            XCTAssertTrue(value.isSettled, "response \(response), damping \(damping): at rest within an hour")
        }
    }
}
