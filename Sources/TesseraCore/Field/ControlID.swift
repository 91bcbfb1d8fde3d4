/// A control's name, for one a scene draws itself and focus can rest on (the picker's Done button, the
/// gallery's paddles, the destinations' Close button), as the state dump and the semantics tree spell it.
/// Each scene names its own (`ControlID("picker/done")`), prefixed by the scene's name; a type apart from
/// `PhotoID`, so that a control is never taken for a tile whatever the photos are called.
struct ControlID: Hashable, Sendable, CustomStringConvertible {
    let name: String

    init(_ name: String) { self.name = name }

    var description: String { name }
}
