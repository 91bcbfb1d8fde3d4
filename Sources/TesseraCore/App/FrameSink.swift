/// Where rendered frames go: the SDL backend implements this for offscreen canvases and windows.
public protocol FrameSink: AnyObject {
    /// Renders `list` as the current frame.
    func render(_ list: DrawList, window: Size)
    /// Shows the rendered frame: a window presents it (waiting for vsync); an offscreen canvas
    /// finishes any drawing still queued. Timed as the `present` phase.
    func present()
    /// Writes the most recently rendered frame as a PNG.
    func saveScreenshot(to path: String) throws
    /// Checks a key name the way the platform will read it (scripts are validated before they run).
    func isKnownKey(_ name: String) -> Bool
    /// The renderer drawing the frames, for profile summaries (`software`, `opengl`, …).
    var rendererName: String { get }
}

extension FrameSink {
    public func present() {}
    public var rendererName: String { "none" }
}
