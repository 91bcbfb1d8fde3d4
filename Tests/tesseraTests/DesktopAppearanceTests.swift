import Foundation
import XCTest

@testable import tessera

#if canImport(Glibc)
    import Glibc
#endif

/// The desktop tools' one-second bound holds whatever a tool does (issue 44): one that ignores
/// SIGTERM, and one that leaves a child holding its standard output. The deadlines are the hang's.
final class DesktopAppearanceTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A shell script named `name` in the test's folder, run as the tool.
    private func tool(_ name: String, _ body: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return name
    }

    private func timed(_ body: () -> String?) -> (String?, Double) {
        let start = Date()
        let reply = body()
        return (reply, Date().timeIntervalSince(start))
    }

    private func withPATH<R>(_ body: () throws -> R) rethrows -> R {
        let saved = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        setenv("PATH", "\(folder.path):\(saved)", 1)
        defer { setenv("PATH", saved, 1) }
        return try body()
    }

    func testAToolThatIgnoresSIGTERMIsKilledAtItsDeadline() throws {
        let name = try tool("stubborn-gdbus", "trap '' TERM\nsleep 30\necho '(<<uint32 1>>,)'")
        let (reply, seconds) = withPATH { timed { DesktopAppearance.run(name, []) } }
        XCTAssertNil(reply)
        XCTAssertLessThan(seconds, 5, "waited on a tool past its deadline")
    }

    func testAChildHoldingTheToolsOutputDoesNotHoldTheAnswer() throws {
        let name = try tool("leaky-gdbus", "sleep 30 &\necho '(<<uint32 1>>,)'")
        let (reply, seconds) = withPATH { timed { DesktopAppearance.run(name, []) } }
        XCTAssertEqual(reply.flatMap(DesktopColorScheme.prefersDark(portalReply:)), true)
        XCTAssertLessThan(seconds, 5, "waited for the end of a pipe a grandchild holds")
    }
}
