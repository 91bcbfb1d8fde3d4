/// The profiling keys, handled by the hosts before the scene sees an event: F3 shows or hides the
/// frame-time HUD, F4 toggles slow motion (the whole simulation at `slowMotionFactor` of real time,
/// for inspecting transitions frame by frame; windowed runs only — a headless run's time is
/// simulated, so it stays deterministic).
struct ProfilingControls: Sendable, Equatable {
    static let hudKey = Key.f3
    static let slowMotionKey = Key.f4

    var showsHUD: Bool
    var slowMotion: Bool
    /// Simulated seconds per real second in slow motion (0.1 by default).
    let slowMotionFactor: Double

    init(showsHUD: Bool, slowMotion: Bool, slowMotionFactor: Double) {
        self.showsHUD = showsHUD
        self.slowMotion = slowMotion
        self.slowMotionFactor = slowMotionFactor
    }

    /// Simulated seconds per real second now.
    var timeScale: Double { slowMotion ? slowMotionFactor : 1 }

    /// Acts on a profiling key and returns true (the event is consumed); false for any other event.
    mutating func handle(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event else { return false }
        switch key {
        case Self.hudKey: showsHUD.toggle()
        case Self.slowMotionKey: slowMotion.toggle()
        default: return false
        }
        return true
    }
}
