import Foundation
import TesseraPhotos

/// Where a run's bundled files are: the folder holding `Assets/` and `Configs/` (the repository, or
/// `TESSERA_HOME`). Scenes read their own data through it (`SceneDescription.loadAssets`).
package struct ResourceLocator: Sendable {
    /// The folder, as an absolute path.
    let root: String

    package init(root: String) { self.root = root }

    /// `path` as given when absolute, else relative to the root (a path a config names).
    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: root).appendingPathComponent(path).path
    }

    /// A file in a scene's bundled folder: `Assets/<folder>/<file>`.
    func asset(_ folder: String, _ file: String) -> String { resolve("Assets/\(folder)/\(file)") }
}

/// What a scene reads from its `Assets/<Name>/` folder when the run starts: the gallery's palettes, the
/// destinations' places.
protocol SceneAssets: Sendable {
    /// Images the renderer must know besides the photo folder's, with ids no photo file can have (the
    /// destinations' pictures are `destinations/<id>`).
    var images: [Photo] { get }
}

extension SceneAssets {
    var images: [Photo] { [] }
}

/// A scene's bundled data that cannot be used: one line naming the file and the entry. `exitCode` is 2
/// when the user chose the file (a path a config names), 1 for a broken installation.
package struct SceneAssetError: Error, Equatable, CustomStringConvertible {
    package var message: String
    package var exitCode: Int32
    package var description: String { message }
}

/// What every registered scene read at launch, before anything runs: a broken file stops the launch
/// naming itself, not the scene's first showing, and the renderer learns of every image up front.
package struct LoadedAssets: Sendable {
    private var byScene: [SceneID: any SceneAssets]

    init(_ byScene: [SceneID: any SceneAssets] = [:]) { self.byScene = byScene }

    /// Nothing loaded: scenes with data start empty (tests, benchmarks).
    static let none = LoadedAssets()

    /// Each registered scene's data, read through `resources` under `config`, in registry order; the
    /// first that cannot be used is thrown.
    package static func load(from resources: ResourceLocator, config: Config) throws -> LoadedAssets {
        var loaded = LoadedAssets()
        for scene in SceneRegistry.scenes {
            guard let load = scene.loadAssets else { continue }
            loaded.byScene[scene.id] = try load(resources, config)
        }
        return loaded
    }

    /// Scene `id`'s data, nil if it has none (or none was loaded).
    subscript(id: SceneID) -> (any SceneAssets)? { byScene[id] }

    /// Every scene's images, in registry order, for the renderer's photo library.
    package var images: [Photo] { SceneRegistry.scenes.flatMap { byScene[$0.id]?.images ?? [] } }
}
