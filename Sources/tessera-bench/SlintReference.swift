import Foundation

/// The animated picker's second reference: Slint's software renderer (`SLINT_BACKEND=winit-software`)
/// through Slint's Python package, running the same toggle pattern as Qt Quick's
/// (`Tools/slint-picker/picker.slint` and `picker.py`: 24 photos of the same folder in the same grid,
/// one toggled between grid and dock every 120 ms) in the same X display, measured as Qt Quick's is
/// (`ReferenceRun`): the CPU of a run with the toggles less that of a run without, from `settle` seconds
/// to the end, over the frames the toggles added. Slint's Python API reports no presented frame:
/// picker.py counts them at the X server (the DAMAGE extension's reports on its window, one a frame;
/// BENCHMARKS.md, "The Slint reference"). Slint runs at its own pace, as a user's Slint app does: 1.18
/// keeps an animation near 60 frames a second by itself, and the bench leaves out a Slint that presents
/// faster than the display (1.9 did, 700–900 a second on X11). Skipped (nil) where no Python has the
/// packages slint, pillow and python-xlib: `.build/slint-venv` first (docs/PROFILING.md), else `python3`.
struct SlintReference {
    var seconds: Double
    var settle: Double { QtQuickReference.settle(seconds) }
    /// The Python that runs picker.py, and the version of Slint it has.
    var python: String
    var version: String

    /// The reference for a run of `seconds` with the first Python that has the packages; nil with none.
    init?(seconds: Double, root: URL) {
        let candidates = [root.appendingPathComponent(".build/slint-venv/bin/python").path, "python3"]
        for python in candidates {
            if let version = Self.slintVersion(python) {
                self.seconds = seconds
                self.python = python
                self.version = version
                return
            }
        }
        return nil
    }

    /// picker.py under `root`; nil where it is missing.
    static func picker(under root: URL) -> URL? {
        let script = root.appendingPathComponent("Tools/slint-picker/picker.py")
        return FileManager.default.fileExists(atPath: script.path) ? script : nil
    }

    /// Slint's version where `python` imports slint, PIL and Xlib; nil otherwise (or no such Python).
    private static func slintVersion(_ python: String) -> String? {
        guard
            let data = CommandOutput.of(
                "/usr/bin/env",
                [
                    python, "-c",
                    "import slint, PIL, Xlib; from importlib.metadata import version; print(version('slint'))",
                ])
        else { return nil }
        let version = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return version.isEmpty ? nil : version
    }

    /// "Slint 1.18.1b1 software".
    var runtimeName: String { "Slint \(version) software" }

    /// The toggles against the same run without them, at `size` ("1024x768"); nil when a run failed.
    /// The toggled run is made twice: counted, for its frames, and with no counter (picker.py's
    /// `--no-count`), for its CPU and the X server's, which the counter's DAMAGE events and requests add
    /// to (BENCHMARKS.md, "Counting Slint's frames"). The still run presents nothing, so its counter
    /// costs the server nothing: it is read counted, its frames with it.
    func animated(size: String, script: URL, photos: URL, display: XDisplay) throws -> WindowedBenchmark.Animated? {
        guard
            let counted = try run(
                script: script, photos: photos, size: size, toggles: true, counted: true, display: display),
            let moving = try run(
                script: script, photos: photos, size: size, toggles: true, counted: false, display: display),
            let resting = try run(
                script: script, photos: photos, size: size, toggles: false, counted: true, display: display)
        else { return nil }
        return Self.animated(counted: counted, uncounted: moving, resting: resting, seconds: seconds - settle)
    }

    /// A toggled run's frames from its `counted` reading, its CPU and the X server's from its `uncounted`
    /// one, less the `resting` run, over `seconds`.
    static func animated(
        counted: ReferenceRun.Reading, uncounted: ReferenceRun.Reading, resting: ReferenceRun.Reading,
        seconds: Double
    ) -> WindowedBenchmark.Animated {
        let moving = ReferenceRun.Reading(cpu: uncounted.cpu, server: uncounted.server, frames: counted.frames)
        return ReferenceRun.animated(moving: moving, resting: resting, seconds: seconds)
    }

    /// One run: its CPU seconds, the X server's, and the frames it presented; nil when it failed.
    private func run(script: URL, photos: URL, size: String, toggles: Bool, counted: Bool, display: XDisplay)
        throws -> ReferenceRun.Reading?
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                python, script.path, "--photos", photos.path, "--size", size, "--seconds", String(seconds),
                "--settle", String(settle),
            ] + (toggles ? [] : ["--no-toggles"]) + (counted ? [] : ["--no-count"])
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        // winit prefers Wayland where it is offered: the X display is the one measured.
        environment["WAYLAND_DISPLAY"] = nil
        environment["SLINT_BACKEND"] = "winit-software"
        process.environment = environment
        return try ReferenceRun.read(process, serverPID: display.serverPID, seconds: seconds)
    }
}
