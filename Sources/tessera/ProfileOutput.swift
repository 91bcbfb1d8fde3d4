import Foundation
import TesseraCore
import TesseraPhotos
import TesseraSDL

#if canImport(Glibc)
    import Glibc
#endif

/// Where `--profile`, `--profile-json` and `--trace` write. Paths are checked before the run starts,
/// so a long profiling session rarely ends in a write error; a write that still fails (a full disk, a
/// FIFO whose reader left) is exit 2 naming the flag, as every requested write is (`OutputFile`).
enum ProfileOutput {
    /// Makes `path`'s folder if missing and checks the file can be written; returns `path`. The reason
    /// is the system's own (`access(2)`'s errno, read before anything else can change it).
    static func checkWritable(_ path: String, flag: String) throws -> String {
        do {
            try OutputFile.makeFolders(of: path)
        } catch {
            throw Options.UsageError(
                message: "\(flag) \(path): cannot create its folder: \(OutputFile.reason(error, path: path))")
        }
        var info = stat()
        let exists = FileNames.withPath(path) { stat($0, &info) } == 0
        if exists, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Options.UsageError(message: "\(flag) \(path): is a directory")
        }
        let checked = exists ? path : OutputFile.split(path).folder ?? "."
        guard FileNames.withPath(checked, { access($0, W_OK) }) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            throw Options.UsageError(message: "\(flag) \(path): \(reason)")
        }
        return path
    }

    /// Opens the trace now (it is written in batches while the run goes on, and renamed into place at
    /// the end, `TraceWriter`).
    static func openTrace(_ path: String) throws -> TraceWriter {
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
