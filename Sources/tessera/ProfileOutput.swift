import Foundation
import TesseraCore
import TesseraSDL

/// Where `--profile`, `--profile-json` and `--trace` write. Paths are checked before the run starts,
/// so a long profiling session rarely ends in a write error; a write that still fails (a full disk, a
/// FIFO whose reader left) is exit 2 naming the flag, as every requested write is (`OutputFile`).
enum ProfileOutput {
    /// Makes `path`'s folder if missing and checks the file can be written; returns `path`.
    static func checkWritable(_ path: String, flag: String) throws -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Options.UsageError(message: "\(flag): cannot create the folder of \(path)")
        }
        let fm = FileManager.default
        var isFolder: ObjCBool = false
        let writable =
            fm.fileExists(atPath: path, isDirectory: &isFolder)
            ? !isFolder.boolValue && fm.isWritableFile(atPath: path) : fm.isWritableFile(atPath: folder.path)
        guard writable else { throw Options.UsageError(message: "\(flag): cannot write \(path)") }
        return path
    }

    /// Opens the trace file now (it is written in batches while the run goes on).
    static func openTrace(_ path: String) throws -> TraceWriter {
        _ = try checkWritable(path, flag: "--trace")
        do {
            return try TraceWriter(path: path)
        } catch {
            throw Options.UsageError(message: "--trace \(path): \(OutputFile.reason(error, path: path))")
        }
    }

    /// Prints the table (`--profile`) and writes the JSON (`--profile-json`).
    static func report(_ summary: ProfileSummary, table: Bool, json path: String?) throws {
        if table { print(summary.table(), terminator: "") }
        guard let path else { return }
        try OutputFile.write("--profile-json", to: path) { try OutputFile.save(summary.jsonData(), to: path) }
    }

    static func finishTrace(_ profiler: FrameProfiler, path: String?) throws {
        guard let path else { return }
        try OutputFile.write("--trace", to: path) { try profiler.finishTrace() }
    }
}
