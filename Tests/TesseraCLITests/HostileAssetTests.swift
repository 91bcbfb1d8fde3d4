import Foundation
import XCTest

/// Issue 48 against the real binary, memory by the child's peak RSS (`LimitedRun`): a config-named file
/// of 2 GB is refused by its size with one line, unread; a camera JPEG with 19 or 40 MB of ICC profile
/// before its frame header is listed and shown like any other photo.
final class HostileAssetTests: XCTestCase {
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

    func testA2GBPalettesFileIsRefusedWithOneLineUnread() throws {
        let huge = folder.appendingPathComponent("palettes.json").path
        try Data("{".utf8).write(to: URL(fileURLWithPath: huge))
        XCTAssertEqual(truncate(huge, 2 << 30), 0, "a sparse 2 GB file")
        let config = folder.appendingPathComponent("config.json")
        try #"{"gallery": {"palettes": "\#(huge)"}}"#.write(to: config, atomically: true, encoding: .utf8)
        let arguments = ["--headless", "--photos", photos.path, "--scene", "gallery", "--frames", "5"]
        let run = try LimitedRun.run(arguments + ["--config", config.path], in: folder, limit: 30)
        XCTAssertEqual(run.exitCode, 2, run.stderr)
        XCTAssertEqual(
            run.stderr,
            "tessera: palettes \(huge): cannot read the file (larger than 1 MB: the file is 2.0 GB, not read)\n")
        // Against a run with the shipped palettes: a child's peak counts this process's at the spawn
        // (see `cameraJPEG`), so only the difference is the file's. Read, it was 3.1 GB (issue 48).
        let shipped = try LimitedRun.run(arguments, in: folder, limit: 30)
        XCTAssertEqual(shipped.exitCode, 0, shipped.stderr)
        XCTAssertLessThan(
            run.peakMegabytes - shipped.peakMegabytes, 100,
            "read into memory: \(run.peakMegabytes) MB against \(shipped.peakMegabytes) MB")
        print("2 GB palettes: peak \(run.peakMegabytes) MB, shipped palettes \(shipped.peakMegabytes) MB")
        // The run's own peak, absolute, where GNU time can measure it from a process of its own.
        if let alone = try Self.peakAlone(arguments + ["--config", config.path], in: folder) {
            XCTAssertLessThan(alone, 100, "read into memory: \(alone) MB")
            print("2 GB palettes, measured alone: peak \(alone) MB")
        }
    }

    /// The peak RSS in megabytes of `tessera arguments` run under GNU time (`/usr/bin/time -f %M`): its
    /// fork starts from time's own small address space, not this test process's (see `cameraJPEG`).
    /// Nil where GNU time is not installed.
    static func peakAlone(_ arguments: [String], in directory: URL) throws -> Double? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
        let report = directory.appendingPathComponent("time-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", report.path, TesseraProcess.executable.path] + arguments
        process.environment = TesseraProcess.environment(merging: [:])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = try String(contentsOf: report, encoding: .utf8)
        guard let kilobytes = text.split(separator: "\n").last.flatMap({ Double($0) }) else { return nil }
        return kilobytes / 1024
    }

    /// `photo-01.jpg` with `megabytes` of 65,533-byte APP2 "ICC_PROFILE" segments spliced in after SOI,
    /// written a segment at a time: the child's peak RSS counts this process's at the spawn (exec
    /// records the old address space's high-water mark, and posix_spawn's child shares ours until then),
    /// so the test must not hold the file in memory.
    private func cameraJPEG(megabytes: Int) throws -> URL {
        let plain = try Data(contentsOf: photos.appendingPathComponent("photo-01.jpg"))
        let body = [UInt8]("ICC_PROFILE\0".utf8) + [1, 1] + [UInt8](repeating: 0x5A, count: 65533 - 14)
        let segment = Data([0xFF, 0xE2, 0xFF, 0xFF] + body)
        let url = photos.appendingPathComponent("camera-\(megabytes).jpg")
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: plain.prefix(2)))
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        for _ in 0..<((megabytes << 20) / segment.count + 1) { try handle.write(contentsOf: segment) }
        try handle.write(contentsOf: plain.dropFirst(2))
        return url
    }

    func testAJPEGWith19Or40MBOfProfileIsListedAndShownWithinBoundedMemory() throws {
        func run() throws -> (LimitedRun, [String: Any]?) {
            let dump = folder.appendingPathComponent("dump-\(UUID().uuidString).json")
            let run = try LimitedRun.run(
                [
                    "--headless", "--photos", photos.path, "--no-thumbnails", "--frames", "30", "--dump-state",
                    dump.path,
                ],
                in: folder, limit: 60)
            return (run, try? readJSON(dump))
        }
        let (without, _) = try run()
        XCTAssertEqual(without.exitCode, 0, without.stderr)
        for megabytes in [19, 40] {
            let file = try cameraJPEG(megabytes: megabytes)
            let (with, dump) = try run()
            XCTAssertEqual(with.exitCode, 0, with.stderr)
            XCTAssertFalse(with.stderr.contains("camera-"), "skipped or not decoded: \(with.stderr)")
            let text = try String(data: JSONSerialization.data(withJSONObject: dump ?? [:]), encoding: .utf8) ?? ""
            XCTAssertTrue(text.contains("camera-\(megabytes)"), "listed in the dump")
            // The profile is never read: the photo adds what photo-01 itself costs, not its file.
            let added = with.peakMegabytes - without.peakMegabytes
            XCTAssertLessThan(added, 16, "peak \(with.peakMegabytes) MB against \(without.peakMegabytes) MB")
            print(
                "\(megabytes) MB of APP2: peak \(with.peakMegabytes) MB, without the photo \(without.peakMegabytes) MB")
            let arguments = ["--headless", "--photos", photos.path, "--no-thumbnails", "--frames", "30"]
            if let alone = try Self.peakAlone(arguments, in: folder) {
                XCTAssertLessThan(alone, 100, "\(megabytes) MB of APP2 measured alone: \(alone) MB")
                print("\(megabytes) MB of APP2, measured alone: peak \(alone) MB")
            }
            try FileManager.default.removeItem(at: file)
        }
    }
}
