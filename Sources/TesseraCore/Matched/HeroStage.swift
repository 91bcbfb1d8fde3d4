/// A scene's overlay and the tiles travelling to and from it (SPEC §2, §4): at most one hero
/// *presented* (heading for, or resting in, the overlay), any number still on their way home after
/// being dismissed, and the overlay's *presence*.
///
/// Presence is how much the overlay shows, 0…1, on the heroes' spring: the backdrop's blur fades in
/// with it and the list fades out with it. It is one value for the whole stage, so presenting a photo
/// while another is still flying home continues the fade from wherever it is instead of restarting.
/// (The spring may overshoot 1 or 0 slightly; callers clamp what they draw.)
///
/// Used by both hero scenes; it knows nothing of layout: scenes say where the overlay and the slots are.
public struct HeroStage: Sendable {
    /// Every trip under way, in draw order: older first; the presented hero, if any, last (on top).
    public private(set) var heroes: [HeroTransition] = []
    public private(set) var presence = AnimatedValue(0, restThreshold: 0.002)
    public let spring: SpringParameters
    /// The most recent hero, kept for the dump while the presence finishes fading after it landed.
    private var lastID: String?

    public init(spring: SpringParameters) {
        self.spring = spring
    }

    /// The hero heading for or resting in the overlay.
    public var presented: HeroTransition? {
        guard let last = heroes.last, last.heading == .overlay else { return nil }
        return last
    }

    public func index(of id: String) -> Int? { heroes.firstIndex { $0.id == id } }

    public func hero(_ id: String) -> HeroTransition? { index(of: id).map { heroes[$0] } }

    /// True while a hero is presented or any trip or fade is under way: the dump's `overlay` is set.
    public var isActive: Bool { !heroes.isEmpty || !presence.isSettled }

    /// The dump's overlay id: the presented hero, else the latest one still flying home (or just landed
    /// while the fade finishes); nil when inactive.
    public var overlayID: String? { isActive ? heroes.last?.id ?? lastID : nil }

    /// Presence clamped to 0…1, for drawing.
    public var opacity: Double { min(1, max(0, presence.value)) }

    public var isSettled: Bool { presence.isSettled && heroes.allSatisfy(\.isSettled) }

    /// Presents `id`: a hero already flying home turns round where it is; otherwise a trip starts from the
    /// tile's frame spring. Does nothing (returns false) while another hero is presented — scenes hit-test
    /// the overlay first, so a second one cannot be asked for.
    /// - Parameters:
    ///   - tileFrame: the tile's spring in its container's unscrolled space (read only for a new trip).
    ///   - overlay: where it goes, window points.
    @discardableResult
    public mutating func present(
        _ id: String, tileFrame: @autoclosure () -> AnimatedRect, slotStyle: HeroTransition.Style, overlay: Rect,
        overlayStyle: HeroTransition.Style, containerOffset: Point
    ) -> Bool {
        if let current = presented { return current.id == id }
        var hero: HeroTransition
        if let i = index(of: id) {
            hero = heroes.remove(at: i)
        } else {
            hero = HeroTransition(id: id, tileFrame: tileFrame(), slot: slotStyle, spring: spring)
        }
        hero.present(in: overlay, style: overlayStyle, containerOffset: containerOffset)
        heroes.append(hero)
        lastID = id
        presence.animate(to: 1, with: spring)
        return true
    }

    /// Sends the presented hero home to `slot` (unscrolled container space); the overlay fades out.
    /// Returns its id, nil when nothing was presented.
    @discardableResult
    public mutating func dismiss(
        to slot: (String) -> Rect, style: HeroTransition.Style, containerOffset: Point
    ) -> String? {
        guard let id = presented?.id else { return nil }
        heroes[heroes.count - 1].dismiss(to: slot(id), style: style, containerOffset: containerOffset)
        presence.animate(to: 0, with: spring)
        return id
    }

    /// Keeps every destination current (call each step before `step`): `destination` gives a hero's
    /// overlay frame (window points) when presented, its slot (unscrolled space) when heading home.
    /// Unchanged destinations cost nothing; moved ones retarget from the current value and velocity.
    public mutating func retarget(_ destination: (HeroTransition) -> Rect) {
        for i in heroes.indices { heroes[i].retarget(destination(heroes[i])) }
    }

    /// Advances every spring by `dt` seconds; each hero that has landed is removed and passed to
    /// `landed`, which hands its frame spring back to the tile.
    public mutating func step(_ dt: Double, landed: (HeroTransition) -> Void) {
        presence.step(dt)
        var i = 0
        while i < heroes.count {
            heroes[i].step(dt)
            if heroes[i].hasLanded {
                landed(heroes.remove(at: i))
            } else {
                i += 1
            }
        }
    }
}
