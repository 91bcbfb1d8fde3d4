/// One of the four demo scenes. A scene owns its model (what is where), its containers' scroll state
/// and its tiles' springs; it turns gestures into commands through a hit test on what it presents,
/// steps its motion by a fixed `dt`, and describes a frame as a draw list.
public protocol Scene: AnyObject {
    var id: SceneID { get }
    /// The window changed size (points): lay out again; tiles animate to their new frames.
    func resize(to window: Size)
    /// A recognised gesture; hit tests against presented frames and applies the resulting command.
    func handle(_ gesture: Gesture)
    func apply(_ command: Command)
    /// Advances motion by `dt` seconds.
    func step(_ dt: Double)
    /// Appends this frame, interpolated `alpha` ∈ [0, 1] between the previous step and the current one.
    func draw(into list: inout DrawList, alpha: Double)
    func dump() -> SceneDump
    /// The frame a tile presents now (window points), for scripted taps by id.
    func presentedFrame(of id: String) -> Rect?
    /// True when nothing moves: springs asleep, scrolls at rest.
    var isSettled: Bool { get }
    /// True while the scene covers the shared chrome (a fullscreen hero): the tab bar is neither drawn
    /// nor hittable, and the number keys still switch scenes.
    var hidesChrome: Bool { get }
    /// Live config reload; see the default below.
    func reconfigure(_ config: Config) -> Bool
    /// The tile a tap at `p` would act on (the same hit test the scene's taps use), nil for none or
    /// for a scene without tiles. The monkey checks it against what is drawn.
    func tileID(at p: Point) -> String?
    /// Brings targets up to date with the model and window now, if anything changed since the last
    /// layout. `step` calls it first; hosts call it before `step` to time layout as its own phase.
    func layOutIfNeeded()
    /// Tiles whose springs ran in the last step (the profiler's "animating tiles" counter).
    var animatingTileCount: Int { get }
}

extension Scene {
    public var hidesChrome: Bool { false }
    /// Live config reload. A scene that can take a new config in place does so and returns true;
    /// the default returns false and the simulation rebuilds the scene from scratch.
    public func reconfigure(_ config: Config) -> Bool { false }
    public func tileID(at p: Point) -> String? { nil }
    /// Scenes that lay out inside `step` need not split it out; their layout is timed as simulation.
    public func layOutIfNeeded() {}
    public var animatingTileCount: Int { 0 }
}
