/// The simulation's own command: which scene shows (the tab bar, keys 1…n, a script's `scene` step).
/// What a gesture means inside a scene is that scene's business: each declares its own commands beside
/// it (`PickerCommand`, `HeroCommand`, …), turns gestures into them through a hit test and applies them;
/// tests apply them directly.
enum Command: Equatable, Sendable {
    /// Show another scene; each keeps its state.
    case switchScene(SceneID)
}
