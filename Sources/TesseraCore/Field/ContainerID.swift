/// A scrolling container's name, as the state dump spells it. Each scene declares its own
/// (`extension ContainerID { static let grid = ContainerID("grid") }`), as it declares its `SceneID`;
/// names need only be unique within one field.
struct ContainerID: Hashable, Sendable, CustomStringConvertible {
    let name: String

    init(_ name: String) { self.name = name }

    var description: String { name }
}
