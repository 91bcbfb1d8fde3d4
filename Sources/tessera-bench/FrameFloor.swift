import Foundation

/// The floor of the animated picker's frame, measured beside Slint's (BENCHMARKS.md, "The floor of a
/// picker frame"): `Tools/framefloor/floor.c`, compiled here with the system's C compiler, does in a
/// real X11 window what any software path must for such a frame and nothing else — wakes at its tick
/// reading X events, moves and scales one photo, fills what it uncovered, copies six tile bodies cut
/// to the damage, and puts the damage from shared memory with a completion event. Its CPU and the X
/// server's are read as the references' are (`ReferenceRun`), so its app + X server per frame says how
/// far below Slint's any program presenting this way can get on this machine. Skipped (nil) where it
/// does not compile (no C compiler, or no SDL2, X11 or Xext headers).
struct FrameFloor {
    /// The compiled program.
    let binary: URL
    /// Frames a second, as Tessera's runs and the references draw them.
    var hz = 60
    /// Seconds of frames a run draws.
    var seconds = 8.0

    /// Compiles floor.c under `root` into `.build/framefloor/floor`; nil when that fails.
    init?(root: URL) {
        let source = root.appendingPathComponent("Tools/framefloor/floor.c")
        let folder = root.appendingPathComponent(".build/framefloor")
        binary = folder.appendingPathComponent("floor")
        guard FileManager.default.fileExists(atPath: source.path),
            (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
        else { return nil }
        let compile = #"cc -O2 "$1" -o "$2" $(pkg-config --cflags --libs sdl2 x11 xext) -lm"#
        guard CommandOutput.of("/bin/sh", ["-c", compile, "sh", source.path, binary.path]) != nil else { return nil }
    }

    /// One run at `size` ("1024x768"): its CPU and the X server's per frame, as a reference's are worked
    /// out; nil when it failed. The still run the references are measured against draws no frame, so
    /// nothing is taken off.
    func animated(size: String, display: XDisplay) throws -> WindowedBenchmark.Animated? {
        let dimensions = size.split(separator: "x").map(String.init)
        guard dimensions.count == 2 else { return nil }
        let frames = Int(seconds * Double(hz))
        let process = Process()
        process.executableURL = binary
        // Mode 3: the photo, the background it uncovered and six bodies cut to the damage.
        process.arguments = dimensions + [String(frames), String(hz), "3"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        process.environment = environment
        guard let reading = try ReferenceRun.read(process, serverPID: display.serverPID, seconds: seconds),
            reading.frames > 0
        else { return nil }
        let nothing = ReferenceRun.Reading(cpu: 0, server: reading.server.map { _ in 0 }, frames: 0)
        return ReferenceRun.animated(moving: reading, resting: nothing, seconds: seconds)
    }
}
