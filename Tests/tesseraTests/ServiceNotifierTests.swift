import Foundation
import XCTest

@testable import tessera

/// `ServiceNotifier`: it takes systemd's notify variables out of the environment as it reads them (so
/// no child inherits them), and its `STATUS=` lines stay one line.
final class ServiceNotifierTests: XCTestCase {
    func testTheNotifyVariablesLeaveTheEnvironment() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString)").path
        setenv("NOTIFY_SOCKET", path, 1)
        setenv("WATCHDOG_USEC", "1000000", 1)
        setenv("WATCHDOG_PID", "\(getpid())", 1)
        let notifier = ServiceNotifier()
        XCTAssertNotNil(notifier, "read before they went")
        for name in ServiceNotifier.variables {
            XCTAssertNil(getenv(name), "\(name) is gone: a child cannot inherit it")
            XCTAssertNil(ProcessInfo.processInfo.environment[name], name)
        }
    }

    func testAStatusIsOneLine() {
        XCTAssertEqual(ServiceNotifier.oneLine("config.json:\nline 3"), "config.json: line 3")
        XCTAssertEqual(ServiceNotifier.oneLine(String(repeating: "x", count: 500)).count, 200)
    }
}
