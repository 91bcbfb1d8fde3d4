/// Where rendered frames go: the SDL backend implements this for offscreen canvases and windows.
public protocol FrameSink: AnyObject {
    /// Renders `list` as the current frame.
    func render(_ list: DrawList, window: Size)
    /// Writes the most recently rendered frame as a PNG.
    func saveScreenshot(to path: String) throws
    /// Checks a key name the way the platform will read it (scripts are validated before they run).
    func isKnownKey(_ name: String) -> Bool
}
