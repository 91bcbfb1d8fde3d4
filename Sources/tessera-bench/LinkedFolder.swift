import Foundation

/// A library for the bench: `count` hard links, `photo-` and a zero-padded number, to a few original
/// files, made once under `.build/` and kept. Every name is its own photo to the cache and the decoder;
/// the disk holds only the originals. A `.complete` marker written last says the folder is whole: a run
/// cut short leaves none, and the next run makes the folder again.
enum LinkedFolder {
    /// Makes `folder` unless a whole one is there. `originals` runs in the new, empty folder (it may write
    /// the files there) and returns them; link `n` (from 0) points at `pick(n, originals)`, the originals
    /// in rotation by default.
    static func make(
        _ folder: URL, count: Int, digits: Int, originals: () throws -> [URL],
        pick: (Int, [URL]) -> URL = { n, originals in originals[n % originals.count] }
    ) throws {
        let fm = FileManager.default
        let done = folder.appendingPathComponent(".complete")
        guard !fm.fileExists(atPath: done.path) else { return }
        try? fm.removeItem(at: folder)
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = try originals()
        guard !files.isEmpty else { throw BenchError("no photos to link into \(folder.path)") }
        for n in 0..<count {
            let original = pick(n, files)
            let name = String(format: "photo-%0\(digits)d.%@", n + 1, original.pathExtension)
            try fm.linkItem(at: original, to: folder.appendingPathComponent(name))
        }
        guard fm.createFile(atPath: done.path, contents: Data()) else {
            throw BenchError("cannot write \(done.path)")
        }
    }
}
