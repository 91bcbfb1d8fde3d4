/// One scene: a model, its pure layout, its own look, and the commands it understands, standing on a
/// `TileField` (containers, tiles, motion, gesture routing, draw pass, dump). See docs/ARCHITECTURE.md,
/// "Adding a scene".
package protocol Scene: AnyObject {
    var id: SceneID { get }
    /// The scene's containers and tiles. A copy is a value: reading it (the dump, hit tests by the
    /// monkey) cannot change the scene.
    var field: TileField { get }
    /// The window changed size (points): lay out again; tiles animate to their new frames.
    func resize(to window: Size)
    /// A recognised gesture: the field scrolls what it routes; the rest becomes commands through a hit
    /// test on what the scene presents.
    func handle(_ gesture: Gesture)
    /// Applies a command to the model. False for a command this scene does not take, or one that
    /// changes nothing (a select of a photo already in the dock).
    @discardableResult func apply(_ command: Command) -> Bool
    /// Brings targets up to date with the model and window, if anything changed since the last layout.
    /// `step` calls it first; the run loop calls it before `step` to time layout as its own phase, and
    /// before a dump so that targets reflect the commands applied.
    func layOutIfNeeded()
    /// Advances motion by `dt` seconds.
    func step(_ dt: Double)
    /// Appends this frame, interpolated `alpha` ∈ [0, 1] between the previous step and the current one.
    func draw(into list: inout DrawList, alpha: Double)
    /// True when nothing moves: springs asleep, scrolls at rest, layout current.
    var isSettled: Bool { get }
    /// True while the scene covers the shared chrome (a hero open or on its way): the tab bar is neither
    /// drawn nor hittable, and the number keys still switch scenes.
    var hidesChrome: Bool { get }
    /// How much the title and tab bar show, 0…1: they fade with a hero's progress instead of popping.
    var chromeOpacity: Double { get }
    /// Live config reload: a scene that can take the new config in place does and returns true; false
    /// has the simulation make the scene anew.
    func reconfigure(_ config: Config) -> Bool
    /// The tile a tap at `p` would act on (the same hit test the scene's taps use), nil for none. The
    /// monkey checks it against what is drawn.
    func tileID(at p: Point) -> String?
    /// The dump's `overlay`, `position` and `selection` (null where the scene has none).
    var overlayDump: OverlayDump? { get }
    var position: String? { get }
    var selection: [String]? { get }
    /// The photo folder changed (`library` is the new scan): scenes that show photos add, remove and
    /// replace tiles and lay out once, the others ignore it.
    func photosChanged(_ changes: PhotoChanges, library: PhotoLibrary)
}

extension Scene {
    package var hidesChrome: Bool { false }
    package var chromeOpacity: Double { 1 }
    package func reconfigure(_ config: Config) -> Bool { false }
    package func tileID(at p: Point) -> String? { nil }
    package var overlayDump: OverlayDump? { nil }
    package var position: String? { nil }
    package var selection: [String]? { nil }
    package func photosChanged(_ changes: PhotoChanges, library: PhotoLibrary) {}

    /// The frame a tile presents now (window points), for scripted taps by id.
    package func presentedFrame(of id: String) -> Rect? { field.tile(id)?.presented }

    /// Tiles whose springs ran in the last step (the profiler's "animating tiles" counter).
    package var animatingTileCount: Int { field.animatingTileCount }

    /// What the scene contributes to a state dump, read from a copy of its field.
    package func dump(window: Size) -> SceneDump {
        let field = field
        return SceneDump(
            containers: field.dumpContainers(), tiles: field.dumpTiles(window: window), overlay: overlayDump,
            position: position, selection: selection)
    }
}
