/// A scrolling container's name, as the state dump spells it. Each scene declares its own
/// (`extension ContainerID { static let grid = ContainerID("grid") }`), as it declares its `SceneID`;
/// names need only be unique within one field.
package struct ContainerID: Hashable, Sendable, CustomStringConvertible {
    package let name: String

    init(_ name: String) { self.name = name }

    package var description: String { name }
}
