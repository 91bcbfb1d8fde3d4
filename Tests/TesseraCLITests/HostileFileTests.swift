import CDeflate
import CSDL2
import Foundation
import XCTest

/// Files made to stop the run, against the real binary, each under a time limit of the harness's: a
/// run that hangs is killed there and fails the test. No file kind hangs a run, and SIGTERM ends any
/// run within a second (docs/PROFILING.md, "Reliability: monkey storms and a soak").
final class HostileFileTests: XCTestCase {
    private var folder: URL!
    private var photos: URL!

    override func setUpWithError() throws {
        folder = try makeTemporaryFolder()
        photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TesseraProcess.root.appendingPathComponent("Assets/Photos/photo-01.jpg"),
            to: photos.appendingPathComponent("photo-01.jpg"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func headless(_ extra: [String] = [], limit: Double = 30, signal: (Int32, Double)? = nil) throws
        -> LimitedRun
    {
        try LimitedRun.run(
            ["--headless", "--photos", photos.path, "--frames", "30"] + extra, in: folder, limit: limit,
            signal: signal.map { (number: $0.0, after: $0.1) })
    }

    func testAFIFONamedLikeAPhotoIsSkippedWithoutBeingOpened() throws {
        XCTAssertEqual(mkfifo(photos.appendingPathComponent("x.jpg").path, 0o600), 0)
        let run = try headless()
        XCTAssertFalse(run.timedOut, "hung on the FIFO")
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("x.jpg: not a regular file (a FIFO)"), run.stderr)
    }

    func testAPNGCutInsideItsTextChunkIsAPlaceholderNotAnEndlessLoop() throws {
        // 89 bytes: an 8-bit grey IHDR, then a tEXt chunk whose body the file ends inside, before any
        // IDAT. libpng fed by SDL_image's reader went round warning about the CRC forever.
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png += Self.chunk("IHDR", [0, 0, 0, 40, 0, 0, 0, 30, 8, 0, 0, 0, 0])
        png += Self.chunk("tEXt", Array("Comment\0".utf8) + [UInt8](repeating: 0x78, count: 100))
        png = png.prefix(89)
        try png.write(to: photos.appendingPathComponent("cut.png"))
        let run = try headless()
        XCTAssertFalse(run.timedOut, "the decode never ended")
        XCTAssertEqual(run.exitCode, 0, String(run.stderr.prefix(500)))
        XCTAssertTrue(run.stderr.contains("cut.png"), run.stderr)
        XCTAssertFalse(run.stderr.contains("libpng"), "every message is Tessera's own, naming the file")
        XCTAssertLessThan(run.stderr.utf8.count, 1000)
    }

    func testSIGTERMEndsAHeadlessRunWithinASecondWhileItsFrameWaitsOnDecodes() throws {
        // One large PNG under sixty names: every name is a photo of its own to decode, one at a time
        // within the decode budget — many seconds of decoding that the first frame waits for. The run
        // ends 0.04 s after the signal on a quiet machine (3 s before); the limit leaves room for a
        // busy one.
        let big = folder.appendingPathComponent("big.png").path
        try Self.writeFlatPNG(big, width: 6000, height: 6000)
        for i in 1...60 { XCTAssertEqual(link(big, photos.appendingPathComponent("big-\(i).png").path), 0) }
        let dump = folder.appendingPathComponent("dump.json")
        let run = try headless(
            ["--no-thumbnails", "--window", "1600x1200", "--dump-state", dump.path], limit: 2.5,
            signal: (SIGTERM, 1.0))
        XCTAssertFalse(run.timedOut, "SIGTERM did not end the run within the limit")
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertNotNil(try? readJSON(dump), "the dump is still written, as on a quit")
    }

    /// A 4:4:4 JPEG of 30000×30000 (10.5 MB, valid, flat grey) shown as thumbnails stays within the
    /// decode budget: its 1/8 decode is not made through planes that hold 28 bytes an output pixel.
    func testAHugeFourFourFourJPEGStaysWithinTheDecodeBudget() throws {
        let jpeg = FlatJPEG.make(width: 30000, height: 30000, sampling: [(1, 1), (1, 1), (1, 1)])
        try jpeg.write(to: photos.appendingPathComponent("huge.jpg"))
        let baseline = try headless(["--no-thumbnails"], limit: 60)
        XCTAssertEqual(baseline.exitCode, 0, baseline.stderr)
        try FileManager.default.removeItem(at: photos.appendingPathComponent("huge.jpg"))
        let without = try headless(["--no-thumbnails"], limit: 60)
        XCTAssertFalse(baseline.stderr.contains("huge.jpg"), "decoded: \(baseline.stderr)")
        // What the one photo added to the peak: at most the budget (256 MB) and its file.
        let added = baseline.peakMegabytes - without.peakMegabytes
        XCTAssertLessThanOrEqual(
            added, 256 + 11, "peak \(baseline.peakMegabytes) MB against \(without.peakMegabytes) MB")
    }

    // MARK: Messages

    func testANameWithANewlineOrEscapeCannotForgeALineOfStderr() throws {
        let whole = try Data(contentsOf: photos.appendingPathComponent("photo-01.jpg"))
        let name = "bad\ntessera: all good\u{1B}[2J.jpg"
        try whole.prefix(700).write(to: photos.appendingPathComponent(name))
        let run = try headless()
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("bad\\ntessera: all good\\e[2J.jpg"), run.stderr)
        XCTAssertFalse(run.stderr.split(separator: "\n").contains { $0.hasPrefix("tessera: all good") }, run.stderr)
        XCTAssertFalse(run.stderr.contains("\u{1B}"), "no raw escape reaches the terminal")
    }

    func testALatin1NamedPhotoIsShownAndNamedEscaped() throws {
        let path = Array(photos.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let whole = try Data(contentsOf: photos.appendingPathComponent("photo-01.jpg"))
        let fd = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = whole.prefix(whole.count / 2).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let run = try headless()
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        // Half a JPEG: read (not "permission denied"), found damaged, and named with its byte escaped.
        XCTAssertTrue(run.stderr.contains("caf\\xE9.jpg: damaged image"), run.stderr)
        XCTAssertFalse(run.stderr.contains("permission denied"), run.stderr)
    }

    func testAHugeFileWithASmallHeaderSaysItsSize() throws {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png += Self.chunk("IHDR", [0, 0, 0, 130, 0, 0, 0, 90, 8, 6, 0, 0, 0])
        let path = photos.appendingPathComponent("huge.png").path
        try png.write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(truncate(path, 4 << 30), 0, "a sparse 4 GB file")
        let run = try headless()
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("huge.png: too large to decode (the file is 4.0 GB"), run.stderr)
    }

    func testAFolderWhereEveryFileIsSkippedNamesTheReasons() throws {
        try FileManager.default.removeItem(at: photos.appendingPathComponent("photo-01.jpg"))
        try "shopping list".write(to: photos.appendingPathComponent("notes.jpg"), atomically: true, encoding: .utf8)
        XCTAssertEqual(mkfifo(photos.appendingPathComponent("pipe.jpg").path, 0o600), 0)
        // The run starts ("No photos yet": a kiosk may be watching a folder that fills later) and names why
        // each file was passed over.
        let run = try headless()
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("notes.jpg: not a JPEG or PNG image"), run.stderr)
        XCTAssertTrue(run.stderr.contains("pipe.jpg: not a regular file (a FIFO)"), run.stderr)
    }

    // MARK: Making the files

    static func chunk(_ type: String, _ body: [UInt8]) -> Data {
        let typed = Array(type.utf8) + body
        var out = Data(bigEndian(UInt32(body.count)))
        out += typed
        out += bigEndian(crc(typed))
        return out
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }

    /// The PNG chunk CRC: libdeflate's, the project's one CRC-32.
    static func crc(_ bytes: [UInt8]) -> UInt32 { UInt32(libdeflate_crc32(0, bytes, bytes.count)) }

    /// A `width`×`height` PNG of one colour, written by SDL_image (libpng): large to decode, small on disk.
    static func writeFlatPNG(_ path: String, width: Int, height: Int) throws {
        let surface = try XCTUnwrap(
            SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 24, SDL_PIXELFORMAT_RGB24.rawValue))
        defer { SDL_FreeSurface(surface) }
        SDL_FillRect(surface, nil, 0x4080C0)
        XCTAssertEqual(IMG_SavePNG(surface, path), 0)
    }
}
