import TesseraGeometry
import TesseraPhotos

/// A scene's name on the command line, in scripts, configs and dumps (`--scene picker`). Each scene's
/// folder declares its own (`extension SceneID { static let picker = … }`); the registry lists them.
package struct SceneID: Hashable, Sendable, Codable, CustomStringConvertible {
    package let rawValue: String

    init(_ name: String) { rawValue = name }

    /// The registered scene called `rawValue`, nil for none.
    package init?(rawValue: String) {
        guard let known = SceneRegistry.scenes.first(where: { $0.id.rawValue == rawValue }) else { return nil }
        self = known.id
    }

    /// Every registered scene, in tab-bar order (keys 1…n).
    package static var allCases: [SceneID] { SceneRegistry.scenes.map(\.id) }

    /// The tab bar's label.
    var title: String { SceneRegistry.description(of: self)?.title ?? rawValue }

    package var description: String { rawValue }

    package init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let id = SceneID(rawValue: name) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "unknown scene \"\(name)\" (one of \(SceneID.names))"))
        }
        self = id
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// "picker, waterfall, …", for messages.
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// What a scene is made from: the run's config, content and window, and what it read at launch.
struct SceneContext {
    var config: Config
    var photos: PhotoLibrary
    /// What the scene's `loadAssets` read from its `Assets/` folder, nil if it has none (or none was
    /// loaded: tests, benchmarks).
    var assets: (any SceneAssets)?
    var window: Size
    /// Text widths as the backend's fonts draw them.
    var text: TextMeasure = .estimated
    /// Makes a confirmed selection durable (`--output`); false if it could not, and then the selection
    /// stays. Confirming does nothing when the run has no output.
    var confirm: ([PhotoID]) -> Bool
}

/// One entry of the registry: a scene's id, its tab-bar title, its config section and how to make it.
struct SceneDescription: Sendable {
    let id: SceneID
    let title: String
    /// The scene's section of the config (`"picker": {…}`), read and checked with the rest.
    let config: any SceneConfig.Type
    /// Reads the scene's data from its `Assets/<Name>/` folder at launch (`LoadedAssets`); nil for a
    /// scene without any.
    let loadAssets: (@Sendable (ResourceLocator, Config) throws -> any SceneAssets)?
    let make: @Sendable (SceneContext) -> Scene

    init(
        id: SceneID, title: String, config: any SceneConfig.Type,
        loadAssets: (@Sendable (ResourceLocator, Config) throws -> any SceneAssets)? = nil,
        make: @escaping @Sendable (SceneContext) -> Scene
    ) {
        self.id = id
        self.title = title
        self.config = config
        self.loadAssets = loadAssets
        self.make = make
    }
}

/// The scenes, in tab-bar order. Adding a scene is one folder (its model, layout, scene type and a
/// `SceneDescription`) and one line here; the tab bar, the digit keys, `--scene`, scripts and the usage
/// text follow this list (docs/ARCHITECTURE.md, "Adding a scene").
package enum SceneRegistry {
    static let scenes: [SceneDescription] = [.picker, .waterfall, .gallery, .destinations]

    static func description(of id: SceneID) -> SceneDescription? { scenes.first { $0.id == id } }

    /// The scene a run shows when nothing names one: the first in the tab bar.
    package static var first: SceneID { SceneID.allCases[0] }

    /// The scenes' config sections, in registry order.
    static var configs: [any SceneConfig.Type] { scenes.map(\.config) }
}
