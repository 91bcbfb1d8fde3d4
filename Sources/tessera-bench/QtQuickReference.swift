import Foundation

/// The animated picker's reference: Qt Quick's software backend (`QT_QUICK_BACKEND=software`) — Qt 6's
/// `qml` runtime where Debian's qml-qt6 is installed, else Qt 5.15's `qmlscene` — running the same
/// toggle pattern (`Tools/qt-picker/picker.qml`: 24 photos of
/// the same folder in the same grid, one toggled between grid and dock every 120 ms) in the same X
/// display, measured as Tessera's is: the CPU of a run with the toggles less that of a run without,
/// over the frames the toggles added. Qt decodes the 24 photos at start (a second or more of CPU, never
/// twice the same), so both are read only from `settle` seconds on, when that is done: CPU from the
/// kernel's accounting of the process (`Stopwatch.processCPUSeconds`), frames from the window's swaps
/// (`frameSwapped`, which the QML prints at `settle` and as it quits); the X server's CPU over the same
/// window is read beside it (`ReferenceRun`). Skipped (nil) where neither runtime or the QML module is installed.
struct QtQuickReference {
    var seconds: Double
    /// Seconds from launch before it is measured (two, or a third of a shorter run); Tessera's runs are
    /// read over the same window.
    var settle: Double { Self.settle(seconds) }
    static func settle(_ seconds: Double) -> Double { min(2, seconds / 3) }

    /// A program that runs a QML file in a window.
    struct Runtime {
        var name: String
        var path: String

        /// Qt 6's where installed (the version kiosks are built on today), else Qt 5.15's; nil for none.
        static var installed: Runtime? {
            [
                Runtime(name: "Qt Quick 6", path: "/usr/lib/qt6/bin/qml"),
                Runtime(name: "Qt Quick 5.15", path: "/usr/bin/qmlscene"),
            ].first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }
    }

    var runtime: Runtime

    /// The reference for a run of `seconds` on the installed runtime; nil with none.
    init?(seconds: Double) {
        guard let runtime = Runtime.installed else { return nil }
        self.seconds = seconds
        self.runtime = runtime
    }

    /// The picker QML under `root`; nil where no runtime or the QML file is missing (then skipped).
    static func picker(under root: URL) -> URL? {
        let qml = root.appendingPathComponent("Tools/qt-picker/picker.qml")
        guard Runtime.installed != nil, FileManager.default.fileExists(atPath: qml.path) else { return nil }
        return qml
    }

    /// The toggles against the same run without them, at `size` ("1024x768"): CPU per frame the toggles
    /// added and those frames per second; nil when a run failed.
    func animated(size: String, qml: URL, photos: URL, display: XDisplay) throws -> WindowedBenchmark.Animated? {
        guard let moving = try run(qml: qml, photos: photos, size: size, toggles: true, display: display),
            let resting = try run(qml: qml, photos: photos, size: size, toggles: false, display: display)
        else { return nil }
        return ReferenceRun.animated(moving: moving, resting: resting, seconds: seconds - settle)
    }

    /// One run: its CPU seconds, the X server's, and the frames it swapped; nil when it failed (no
    /// QtQuick module, no display). The runtimes pass a QML file no arguments: the run's options go in a
    /// `PickerOptions.qml` beside a copy of the picker.
    private func run(qml: URL, photos: URL, size: String, toggles: Bool, display: XDisplay) throws
        -> ReferenceRun.Reading?
    {
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("tessera-bench-qt-\(UUID())")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: folder) }
        let picker = folder.appendingPathComponent("picker.qml")
        try fm.copyItem(at: qml, to: picker)
        let dimensions = size.split(separator: "x")
        try """
        import QtQml 2.15
        QtObject {
            readonly property string photos: "\(photos.path)"
            readonly property int width: \(dimensions[0])
            readonly property int height: \(dimensions[1])
            readonly property real seconds: \(seconds)
            readonly property real settle: \(settle)
            readonly property bool toggles: \(toggles)
        }

        """.write(to: folder.appendingPathComponent("PickerOptions.qml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: runtime.path)
        process.arguments = [picker.path]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        environment["QT_QPA_PLATFORM"] = "xcb"
        environment["QT_QUICK_BACKEND"] = "software"
        process.environment = environment
        // It quits itself after `seconds`; `frameSwapped` counts its frames.
        return try ReferenceRun.read(process, serverPID: display.serverPID, seconds: seconds)
    }
}
