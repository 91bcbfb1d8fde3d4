import TesseraGeometry
import TesseraPhotos

/// Where rendered frames go: the SDL backend implements this for offscreen canvases and windows.
package protocol FrameSink: AnyObject {
    /// Renders `list` as the current frame. A sink that keeps the frame (to compare the next one with)
    /// may take the list's storage and hand back an earlier frame's in its place: the caller clears
    /// `list` before drawing the next frame into it, and nothing is copied or allocated.
    func render(_ list: inout DrawList, window: Size)
    /// Shows the rendered frame: a window presents it (waiting for vsync); an offscreen canvas
    /// finishes any drawing still queued. Timed as the `present` phase.
    func present()
    /// Writes the most recently rendered frame as a PNG.
    func saveScreenshot(to path: String) throws
    /// The renderer drawing the frames, for profile summaries (`software`, `opengl`, …).
    var rendererName: String { get }
    /// True when the last frame should be drawn again although the simulation did not change: it showed
    /// photos still loading (they pulse, and appear when decoded), or the window's contents were lost.
    var needsRedraw: Bool { get }
    /// The photo folder changed: new photos become drawable; removed and replaced ones lose what was
    /// decoded of them.
    func takeIn(_ changes: PhotoChanges)
    /// Thumbnail hits and misses and the decode queue so far (`--profile`); nil without photos.
    var photoStatistics: PhotoStatistics? { get }
    /// How wide text is in the fonts this sink draws with: layout measures through it.
    var textMeasure: TextMeasure { get }
}

extension FrameSink {
    package func present() {}
    package var rendererName: String { "none" }
    package var needsRedraw: Bool { false }
    package func takeIn(_ changes: PhotoChanges) {}
    package var photoStatistics: PhotoStatistics? { nil }
    package var textMeasure: TextMeasure { .estimated }
}

/// A window's side of a run: input, and sleeping until there is some.
package protocol InteractiveHost: AnyObject {
    /// Hands pending input to `receiver` (the run loop, which routes it) and keeps the window's size
    /// current. False once the user asked to quit.
    func pumpEvents(into receiver: InputReceiver) -> Bool
    /// Blocks until input arrives or `seconds` have passed.
    func waitForEvents(upTo seconds: Double)
    /// Seconds until the host's own next timed change (the kiosk hiding an idle pointer), nil for none.
    var nextDue: Double? { get }
    /// The display's refresh interval in seconds, nil when the display does not say: frames start on its
    /// ticks (`FramePacer`), with or without vsync.
    var refreshInterval: Double? { get }
    /// True when a present blocks until the display's vertical blank (its return is a tick).
    var presentsOnVSync: Bool { get }
    /// Set (how, in words) once the display or compositor went away (`DisplayLoss`): `pumpEvents` then
    /// says the run is over, and nothing more is drawn.
    var displayLost: String? { get }
}

extension InteractiveHost {
    package var presentsOnVSync: Bool { false }
    package var displayLost: String? { nil }
}

/// Where a host's input goes: the run loop, which hands the profiling keys to the profiler and
/// everything else to the simulation — one place for every kind of run.
package protocol InputReceiver: AnyObject {
    /// `age`: seconds since the event happened (its platform timestamp), nil for one made up (a size
    /// change noticed by polling).
    func receive(_ event: InputEvent, age: Double?)
}

/// Seconds on a clock that never jumps (the run loop's real time).
package protocol MonotonicClock: AnyObject {
    func now() -> Double
    /// Sleeps `seconds` (a paced run waiting for real time to catch up).
    func sleep(_ seconds: Double)
}
