/// What a gesture means to a scene, after hit testing (SPEC §5). Scenes apply commands to their models;
/// tests can apply them directly.
public enum Command: Equatable, Sendable {
    /// Picker: move a grid photo to the end of the dock.
    case select(String)
    /// Picker: move a dock photo back to the grid.
    case deselect(String)
    /// Picker: record the dock's photos as a confirmed selection, then empty the dock (Return, Done).
    case confirm
    /// Show another scene.
    case switchScene(SceneID)
}

/// The four scenes, by their `--scene` names.
public enum SceneID: String, CaseIterable, Sendable, Codable {
    case picker, waterfall, gallery, destinations

    public var title: String {
        switch self {
        case .picker: "Picker"
        case .waterfall: "Waterfall"
        case .gallery: "Gallery"
        case .destinations: "Destinations"
        }
    }
}
