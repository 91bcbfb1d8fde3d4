import TesseraGeometry
import TesseraPhotos

/// One scene: a model, its pure layout, its own look, and the commands it understands, standing on a
/// `TileField` (containers, tiles, motion, gesture routing, draw pass, dump). See docs/ARCHITECTURE.md,
/// "Adding a scene".
protocol Scene: AnyObject {
    var id: SceneID { get }
    /// The scene's containers and tiles, which the scene alone owns. What reads it (the dump, the
    /// monkey's hit tests, the semantics tree) calls only methods that change nothing; gestures scroll it
    /// through `receive`, the one router.
    var field: TileField { get }
    /// The hero stage above the field, for a scene that presents tiles in an overlay; nil for none. While
    /// a hero is presented it covers the field (`HeroStage.covers`).
    var heroStage: HeroStage? { get }
    /// True where one of the scene's controls sits above the field (the gallery's paddles): a press or
    /// tap there is the scene's, and the container beneath does not see it.
    func isControl(at p: Point) -> Bool
    /// The window changed size (points): lay out again; tiles animate to their new frames.
    func resize(to window: Size)
    /// A recognised gesture that neither the field nor the hero stage took (`receive` decides, for every
    /// scene alike): it becomes commands through a hit test on what the scene presents.
    func handle(_ gesture: Gesture)
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
    func tileID(at p: Point) -> PhotoID?
    /// The scene's title and where it is drawn now (the dump's `title`).
    var title: SceneTitle { get }
    /// True when the scene's content scrolls under the header band (the picker's title is inside its
    /// grid): the tab bar is then drawn above the scene, on a backing of its own, not under it.
    var scrollsUnderChrome: Bool { get }
    /// The dump's `overlay`, `position` and `selection` (null where the scene has none).
    var overlayDump: OverlayDump? { get }
    var position: PhotoID? { get }
    var selection: [PhotoID]? { get }
    /// The photo folder changed (`library` is the new scan): scenes that show photos add, remove and
    /// replace tiles and lay out once, the others ignore it.
    func photosChanged(_ changes: PhotoChanges, library: PhotoLibrary)
    /// What the scene shows, said (docs/ACCESSIBILITY.md): its nodes of the semantics tree, made from its
    /// model for what is visible now, with presented frames.
    func semantics(_ context: SemanticsContext) -> [SemanticsNode]
    /// Runs a screen reader's (or a script's) `action` on the scene's element `id` through the command a
    /// tap or key runs; false when it does not apply.
    func perform(_ action: SemanticsAction, on id: SemanticsID) -> Bool
}

extension Scene {
    var heroStage: HeroStage? { nil }
    func isControl(at p: Point) -> Bool { false }
    var hidesChrome: Bool { false }
    var chromeOpacity: Double { 1 }
    var scrollsUnderChrome: Bool { false }
    var title: SceneTitle { SceneTitle(text: id.title, frame: .zero) }
    func reconfigure(_ config: Config) -> Bool { false }
    func tileID(at p: Point) -> PhotoID? { nil }
    var overlayDump: OverlayDump? { nil }
    var position: PhotoID? { nil }
    var selection: [PhotoID]? { nil }
    func photosChanged(_ changes: PhotoChanges, library: PhotoLibrary) {}
    func semantics(_ context: SemanticsContext) -> [SemanticsNode] { [] }
    func perform(_ action: SemanticsAction, on id: SemanticsID) -> Bool { false }

    /// Scrolls tile `id` into view for a scripted tap by id, and returns the frame the tap presses at
    /// (window points; docs/REFERENCE.md, "Scripts"): the tile's
    /// presented frame, once a tile whose centre is out of its container's view has been scrolled in — at
    /// once, by the least scroll that shows it whole (`scrollTo(id)`), in every container it is inside — so
    /// the tap lands on it rather than on whatever covers the spot, or on nothing. An open hero covers the
    /// containers: nothing scrolls then. Nil for no such tile. It is a command, not a reading: `Simulation.presentedFrame(of:)` only reads.
    func revealForTap(_ id: PhotoID) -> Rect? {
        guard let tile = field.tile(id) else { return nil }
        if heroStage?.presented == nil, tile.layer == .container,
            !field.windowClip(slot: tile.slot).contains(tile.presented.center)
        {
            field.scrollIntoView(id, animation: nil)
        }
        return field.tile(id)?.presented
    }

    /// Tiles whose springs ran in the last step (the profiler's "animating tiles" counter).
    var animatingTileCount: Int { field.animatingTileCount }

    /// What the scene contributes to a state dump.
    func dump(window: Size) -> SceneDump {
        SceneDump(
            containers: field.dumpContainers(), tiles: field.dumpTiles(window: window), overlay: overlayDump,
            position: position, selection: selection, title: title)
    }
}
