import Foundation
import TesseraPhotos

/// One place in the destinations list (the article's `Item`, docs/BEHAVIOUR.md#destinations): an image, a title and a paragraph of details.
struct Destination: Equatable, Sendable {
    /// The tile's id in dumps and scripts (`"tap": "lofoten"`).
    var id: PhotoID
    var title: String
    var details: String
    /// The image as the renderer knows it: id `destinations/<id>` (a name no photo file can have, so it
    /// never collides with `--photos`), absolute path, pixel size from its header.
    var image: Photo
}

/// The places of the destinations scene, from `Assets/Destinations/destinations.json`:
///
///     {"places": [{"id": "lofoten", "image": "lofoten.jpg", "title": "Lofoten", "details": "…"}, …]}
///
/// `image` is a file path relative to the JSON file's folder. A missing or unreadable image is not an
/// error here: the place is listed with an unknown size and draws as a placeholder.
struct DestinationCatalog: Equatable, SceneAssets {
    var places: [Destination]

    init(places: [Destination]) {
        self.places = places
    }

    static let empty = DestinationCatalog(places: [])

    /// The places' images, for the renderer's photo library.
    var images: [Photo] { places.map(\.image) }

    /// A catalog that cannot be used; `message` names the file and the place index or key.
    struct Error: Swift.Error, Equatable, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// A destinations file is a few KB; anything past this is not one.
    static let maxFileBytes = 1 << 20

    static func load(path: String) throws -> DestinationCatalog {
        // Read with a size limit checked first (`FileContents`): `gallery.palettes` naming a 2 GB file
        // is refused by its size, not read into memory to be found not JSON (issue 48).
        let data: Data
        do {
            data = try FileContents.read(path, limit: maxFileBytes)
        } catch let error as FileContents.Error {
            throw Error(message: "destinations \(path): cannot read the file (\(error.reason))")
        }
        do {
            return try parse(data, folder: URL(fileURLWithPath: path).deletingLastPathComponent())
        } catch let error as Error {
            throw Error(message: "destinations \(path): \(error.message)")
        }
    }

    /// Parses the JSON; relative image paths resolve against `folder`.
    static func parse(_ data: Data, folder: URL) throws -> DestinationCatalog {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Error(message: "not valid JSON")
        }
        guard let object = root as? [String: Any], let list = object["places"] as? [Any] else {
            throw Error(message: "expected an object with a \"places\" array")
        }
        if let unknown = object.keys.sorted().first(where: { $0 != "places" }) {
            throw Error(message: "\(unknown): unknown key")
        }
        var seen = Set<PhotoID>()
        var places: [Destination] = []
        for (index, item) in list.enumerated() {
            guard let fields = item as? [String: Any] else {
                throw Error(message: "places[\(index)]: expected an object")
            }
            func string(_ key: String) throws -> String {
                guard let value = fields[key] as? String, !value.isEmpty else {
                    throw Error(message: "places[\(index)].\(key): expected a non-empty string")
                }
                return value
            }
            if let unknown = fields.keys.sorted().first(where: { !["id", "image", "title", "details"].contains($0) }) {
                throw Error(message: "places[\(index)].\(unknown): unknown key")
            }
            let id = PhotoID(try string("id"))
            guard seen.insert(id).inserted else { throw Error(message: "places[\(index)].id: \"\(id)\" is used twice") }
            let file = try string("image")
            let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : folder.appendingPathComponent(file)
            let path = url.standardizedFileURL.path
            let image = Photo(
                id: PhotoID("destinations/\(id)"), path: path, pixelSize: ImageHeader.pixelSize(ofFileAt: path))
            places.append(Destination(id: id, title: try string("title"), details: try string("details"), image: image))
        }
        return DestinationCatalog(places: places)
    }
}
