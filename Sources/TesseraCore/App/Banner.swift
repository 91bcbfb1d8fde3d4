/// A problem shown at the window's bottom until it is fixed: one line, in the theme's error colours.
enum Banner: Equatable, Sendable {
    /// A config edit was refused; the old config stays in force until an edit that reads.
    case configRefused(String)
    /// A confirmed selection could not be written; the dock keeps it until a confirm that is.
    case selectionNotSaved(String)

    /// The line shown.
    var text: String {
        switch self {
        case .configRefused(let message): message
        case .selectionNotSaved(let reason): "selection not saved: \(reason)"
        }
    }
}
