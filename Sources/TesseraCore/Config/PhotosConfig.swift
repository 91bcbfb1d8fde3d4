/// How photos are found, cached and decoded (docs/USING.md, "Thumbnails and a live folder").
package struct PhotosConfig: Codable, Equatable, Sendable {
    /// Read and write the shared freedesktop.org thumbnail cache (`$XDG_CACHE_HOME/thumbnails`) and the
    /// photo folder's header index (`$XDG_CACHE_HOME/tessera/headers`). Off for read-only media or
    /// privacy (`--no-thumbnails` turns it off too).
    package var thumbnails = true
    /// Follow the photo folder in windowed runs and the kiosk (inotify): added, removed and replaced
    /// photos are taken in without a restart.
    package var watchFolder = true
    /// Seconds the folder must be quiet before its changes are taken in, so a burst (a camera import) is
    /// one relayout; changes still arriving are taken in at least every `rescanMaxDelay` seconds.
    var rescanQuietSeconds = 0.15
    var rescanMaxDelay = 0.6
    /// Screens ahead, in the direction of scrolling, whose photos decode before they are seen.
    var prefetchScreens = 1.0
    init() {}
}

extension PhotosConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("rescanQuietSeconds", rescanQuietSeconds, 0...5)
        try c.check("rescanMaxDelay", rescanMaxDelay, 0...30)
        try c.check("prefetchScreens", prefetchScreens, 0...4)
    }
}
