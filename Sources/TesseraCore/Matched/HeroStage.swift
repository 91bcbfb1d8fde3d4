import TesseraPhotos

/// A scene's overlay and the heroes travelling to and from it: at most one hero *presented* (heading
/// for, or resting in, the overlay), any number still on their way home, and the overlay's *presence*.
///
/// Presence is how much the overlay shows, 0…1, on the heroes' spring: the backdrop's blur fades in
/// with it and a list fades out with it. It is one value for the whole stage, so presenting a photo
/// while another is still flying home continues the fade from wherever it is instead of restarting.
/// (The spring may overshoot 1 or 0 slightly; `opacity` clamps it.) The stage knows nothing of frames:
/// the tiles' springs live in the `TileField`; `HeroOverlay` moves them.
struct HeroStage: Sendable {
    /// Every trip under way, in draw order: older first; the presented hero, if any, last (on top).
    private(set) var heroes: [HeroTransition] = []
    private(set) var presence = AnimatedValue(0, restThreshold: 0.002)
    let spring: SpringParameters
    /// The most recent hero, kept for the dump while the presence finishes fading after it landed.
    private var lastID: PhotoID?

    init(spring: SpringParameters) {
        self.spring = spring
    }

    /// The hero heading for or resting in the overlay.
    var presented: HeroTransition? {
        guard let last = heroes.last, last.heading == .overlay else { return nil }
        return last
    }

    func index(of id: PhotoID) -> Int? { heroes.firstIndex { $0.id == id } }

    func hero(_ id: PhotoID) -> HeroTransition? { index(of: id).map { heroes[$0] } }

    /// True while a hero is presented or any trip or fade is under way: the dump's `overlay` is set.
    var isActive: Bool { !heroes.isEmpty || !presence.isSettled }

    /// The dump's overlay id: the presented hero, else the latest one still flying home (or just landed
    /// while the fade finishes); nil when inactive.
    var overlayID: PhotoID? { isActive ? heroes.last?.id ?? lastID : nil }

    /// While a hero is presented its overlay covers the field: presses, drags and the wheel do not reach
    /// the containers under it (the scene's overlay gets them). Taps, a drag's end (one the field began
    /// before the overlay appeared still ends), keys and touch gestures go to the field first as ever.
    func covers(_ gesture: Gesture) -> Bool {
        guard presented != nil else { return false }
        switch gesture {
        case .press, .dragBegan, .dragChanged, .wheel: return true
        default: return false
        }
    }

    /// Presence clamped to 0…1, for drawing.
    var opacity: Double { min(1, max(0, presence.value)) }

    var isSettled: Bool { presence.isSettled && heroes.allSatisfy(\.isSettled) }

    /// Presents `id`: a hero already flying home turns round (and goes on top); otherwise a trip starts
    /// from its slot, whose style is `slotStyle`. Does nothing (returns false) while another hero is
    /// presented: scenes hit-test the overlay first, so a second one cannot be asked for.
    @discardableResult
    mutating func present(_ id: PhotoID, slotStyle: HeroTransition.Style, overlayStyle: HeroTransition.Style)
        -> Bool
    {
        if let current = presented { return current.id == id }
        var hero =
            index(of: id).map { heroes.remove(at: $0) } ?? HeroTransition(id: id, slot: slotStyle, spring: spring)
        hero.present(style: overlayStyle)
        heroes.append(hero)
        lastID = id
        presence.animate(to: 1, with: spring)
        return true
    }

    /// Sends the presented hero home, taking on `style`; the overlay fades out. Returns its id, nil when
    /// nothing was presented.
    @discardableResult
    mutating func dismiss(style: HeroTransition.Style) -> PhotoID? {
        guard let id = presented?.id else { return nil }
        heroes[heroes.count - 1].dismiss(style: style)
        presence.animate(to: 0, with: spring)
        return id
    }

    /// The presented hero becomes `id` (the viewer paged to its neighbour): the old one's trip ends (its
    /// tile goes home at once, under the backdrop) and `id` is presented already at `style`, the overlay's,
    /// with no fade — the overlay never left. False when nothing is presented.
    @discardableResult
    mutating func replacePresented(with id: PhotoID, style: HeroTransition.Style) -> Bool {
        guard presented != nil else { return false }
        heroes.removeLast()
        heroes.removeAll { $0.id == id }
        var hero = HeroTransition(id: id, slot: style, spring: spring)
        hero.present(style: style)
        heroes.append(hero)
        lastID = id
        return true
    }

    /// Drops `id`'s trip (its photo left the folder); the overlay fades out if it was presented.
    mutating func remove(_ id: PhotoID) {
        if presented?.id == id { presence.animate(to: 0, with: spring) }
        heroes.removeAll { $0.id == id }
        if lastID == id { lastID = nil }
    }

    /// Advances presence and every hero's style springs by `dt` seconds.
    mutating func step(_ dt: Double) {
        presence.step(dt)
        for i in heroes.indices { heroes[i].step(dt) }
    }

    /// Ends the trips of the heroes `isHome` says have landed in their slots.
    mutating func land(where isHome: (PhotoID) -> Bool) {
        heroes.removeAll { $0.heading == .slot && isHome($0.id) }
    }
}
