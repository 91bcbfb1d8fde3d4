import Foundation

/// `tessera --headless --frames 1 --photos FOLDER --scene S` timed from launch to exit: what a person
/// waits for before a library's first frame, with the shared thumbnail cache and the folder's header
/// index in a folder of the bench's own (`XDG_CACHE_HOME`), so a cold launch can empty it without
/// touching the user's.
struct HeadlessLaunch {
    var tessera: URL
    var folder: URL
    /// The runs' `XDG_CACHE_HOME`, deleted before each cold run.
    var cache: URL

    /// The median seconds of `runs` launches in `scene`, each from an empty cache when `cold`.
    func seconds(_ scene: String, cold: Bool, runs: Int, extra: [String] = []) throws -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            if cold { try? FileManager.default.removeItem(at: cache) }
            let process = Process()
            process.executableURL = tessera
            process.arguments = ["--headless", "--frames", "1", "--photos", folder.path, "--scene", scene] + extra
            process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": cache.path]) {
                $1
            }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let seconds = try Stopwatch.seconds {
                try process.run()
                process.waitUntilExit()
            }
            guard process.terminationStatus == 0 else {
                throw BenchError("tessera --scene \(scene) failed on \(folder.path) (\(process.terminationStatus))")
            }
            times.append(seconds)
        }
        return times.median
    }
}
