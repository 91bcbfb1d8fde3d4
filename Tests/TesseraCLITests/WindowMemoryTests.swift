import Foundation
import XCTest

/// What a window run keeps resident on a machine without a GPU (issue 46: memory like a small box has).
final class WindowMemoryTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Asking OpenGL whether it is a GPU's loads Mesa, and Mesa's software rasteriser links LLVM, which
    /// can never be unloaded (NODELETE): 55 MB resident for an answer that, without a GPU device node,
    /// can only be "llvmpipe". With no node the question is not asked.
    func testAWindowWithoutAGPUNeverMapsMesa() throws {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        try XCTSkipIf(!nodes.isEmpty, "this machine has a GPU device node (\(nodes)); OpenGL is asked")
        let display = try VirtualDisplay(width: 800, height: 600)
        let process = try XCTUnwrap(
            try display.launch(["--window", "800x600", "--scene", "picker"], in: folder), "the window stays up")
        defer { process.terminate() }
        // /proc's files say they are empty: read them to the end rather than by their size.
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(process.processIdentifier)/maps"))
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        for library in ["libLLVM", "swrast_dri", "libGLX_mesa", "libEGL_mesa"] {
            XCTAssertFalse(maps.contains(library), "\(library) is mapped")
        }
        XCTAssertTrue(maps.contains("libSDL2"), "the maps are the window's")
    }
}
