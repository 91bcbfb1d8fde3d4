import Foundation

/// One photo the scenes can show. Its id is the file name without extension (CONTRACT.md).
public struct Photo: Equatable, Sendable {
    public var id: String
    /// Absolute path of the image file.
    public var path: String
    public init(id: String, path: String) {
        self.id = id
        self.path = path
    }
}

/// The photos of a run, in name order: every JPEG/PNG in a folder.
public struct PhotoLibrary: Sendable {
    public private(set) var photos: [Photo]
    private var pathByID: [String: String]

    public init(photos: [Photo]) {
        self.photos = photos
        pathByID = Dictionary(photos.map { ($0.id, $0.path) }, uniquingKeysWith: { first, _ in first })
    }

    public var ids: [String] { photos.map(\.id) }

    public func path(for id: String) -> String? { pathByID[id] }

    public enum LoadError: Error, Equatable, CustomStringConvertible {
        case missingFolder(String)
        case noPhotos(String)
        public var description: String {
            switch self {
            case .missingFolder(let path): "photo folder not found: \(path)"
            case .noPhotos(let path): "no JPEG or PNG photos in \(path)"
            }
        }
    }

    static let extensions: Set<String> = ["jpg", "jpeg", "png"]

    /// Every `.jpg`, `.jpeg` or `.png` in `folder` (not recursive), sorted by file name.
    /// Two files with the same name but different extensions keep the first in name order.
    public static func scanning(folder: String) throws -> PhotoLibrary {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw LoadError.missingFolder(folder) }
        let base = URL(fileURLWithPath: folder).standardizedFileURL
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var seen = Set<String>()
        var photos: [Photo] = []
        for name in names.sorted() where extensions.contains((name as NSString).pathExtension.lowercased()) {
            let id = (name as NSString).deletingPathExtension
            guard !id.hasPrefix("."), seen.insert(id).inserted else { continue }
            photos.append(Photo(id: id, path: base.appendingPathComponent(name).path))
        }
        guard !photos.isEmpty else { throw LoadError.noPhotos(folder) }
        return PhotoLibrary(photos: photos)
    }
}
