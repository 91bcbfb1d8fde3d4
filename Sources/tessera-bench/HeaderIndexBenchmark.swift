import Foundation
import TesseraGeometry
import TesseraPhotos

/// What a warm start over a large folder reads before it looks at any file: the header index of the
/// last scan (`HeaderIndex`, a layout of Tessera's own) against the same facts as JSON through
/// Foundation's `JSONDecoder`, the library such a file would otherwise be read with. Each from its
/// file to a `PhotoLibrary` ready for the scan, the best of `runs`.
struct HeaderIndexBenchmark {
    var runs = 3

    struct Result: Encodable {
        var photos: Int
        var indexBytes: Int
        var indexReadMs: Double
        var jsonBytes: Int
        var jsonReadMs: Double
        /// JSON's read over the index's.
        var jsonOverIndex: Double
    }

    /// The same facts as the index, one record a photo.
    private struct Record: Codable {
        var name: String
        var modified: Int
        var bytes: Int
        var width: Int?
        var height: Int?
        var caption: String?
    }

    /// Over the photos of `folder`, with the files written into `scratch` (made, then removed).
    func run(folder: URL, scratch: URL) throws -> Result {
        try? FileManager.default.removeItem(at: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let library = try PhotoLibrary.scanning(folder: folder.path)
        let index = HeaderIndex(folder: folder.path, cache: scratch.path)
        try index.save(library, unlessSameAs: nil)
        let indexFile = try Self.onlyFile(under: scratch.appendingPathComponent("tessera/headers"))
        let indexRead = try best {
            guard index.load()?.photos.count == library.photos.count else {
                throw BenchError("the header index of \(folder.path) did not read back")
            }
        }

        let records = try library.photos.map { photo -> Record in
            var info = stat()
            guard stat(photo.path, &info) == 0 else { throw BenchError("cannot stat \(photo.path)") }
            return Record(
                name: FileNames.string(fromBytes: FileNames.nameBytes(ofPath: FileNames.bytes(photo.path))),
                modified: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec),
                bytes: Int(info.st_size), width: photo.pixelSize.map { Int($0.width) },
                height: photo.pixelSize.map { Int($0.height) }, caption: photo.caption)
        }
        let jsonFile = scratch.appendingPathComponent("headers.json")
        try JSONEncoder().encode(records).write(to: jsonFile)
        let base = folder.standardizedFileURL.path
        let jsonRead = try best {
            let decoded = try JSONDecoder().decode([Record].self, from: Data(contentsOf: jsonFile))
            let photos = decoded.map { r in
                Photo(
                    id: PhotoID(FileNames.splitExtension(r.name)?.stem ?? r.name),
                    path: base + "/" + r.name,
                    pixelSize: r.width.flatMap { w in r.height.map { Size(Double(w), Double($0)) } },
                    modified: r.modified, bytes: r.bytes, caption: r.caption)
            }
            guard PhotoLibrary(photos: photos).photos.count == library.photos.count else {
                throw BenchError("the JSON index of \(folder.path) did not read back")
            }
        }
        return Result(
            photos: library.photos.count, indexBytes: try Self.size(of: indexFile), indexReadMs: indexRead * 1000,
            jsonBytes: try Self.size(of: jsonFile), jsonReadMs: jsonRead * 1000, jsonOverIndex: jsonRead / indexRead)
    }

    /// The fewest seconds `body` took in `runs` runs.
    private func best(_ body: () throws -> Void) throws -> Double {
        var fastest = Double.infinity
        for _ in 0..<max(1, runs) { fastest = min(fastest, try Stopwatch.seconds(body)) }
        return fastest
    }

    private static func onlyFile(under folder: URL) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        guard names.count == 1, let name = names.first else { throw BenchError("no single index in \(folder.path)") }
        return folder.appendingPathComponent(name)
    }

    private static func size(of file: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
    }
}
