import Foundation

/// `tessera-bench [--quick] [--library] [--huge] [--windowed] [--animated] [--rounds N] [--real-screen]
/// [--semantics] [--out FILE]`.
struct BenchOptions {
    var quick = false
    /// Only the thousand-photo launches, fling and folder latency, printed as JSON (`LibraryBenchmark`).
    var libraryOnly = false
    /// `--huge`: only the hundred thousand photos' launches and driven windows, as JSON
    /// (`HugeLibraryBenchmark`).
    var hugeOnly = false
    /// `--windowed`: only the real windows (at rest, animated, the Qt Quick reference), as JSON.
    var windowedOnly = false
    /// `--animated`: only the animated picker on the software path and its Qt Quick reference, as JSON.
    var animatedOnly = false
    /// `--real-screen`: only the cadence and present-path figures, as JSON.
    var realScreenOnly = false
    /// `--semantics`: only the semantics tree's cost, as JSON (`SemanticsBenchmark`).
    var semanticsOnly = false
    /// `--rounds N`: animated rounds per size (`WindowedBenchmark.animatedRounds`; nil: its default).
    var rounds: Int?
    var output: String?
    /// `--fling FOLDER --cache DIR --seconds S [--drags N]`: run only the fling child (`FlingBenchmark`).
    var fling: String?
    var cache: String?
    var seconds = 40.0
    /// Flings to make before stopping; nil flings to the end.
    var drags: Int?

    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": options.quick = true
            case "--library": options.libraryOnly = true
            case "--huge": options.hugeOnly = true
            case "--windowed": options.windowedOnly = true
            case "--animated": options.animatedOnly = true
            case "--real-screen": options.realScreenOnly = true
            case "--semantics": options.semanticsOnly = true
            case "--rounds":
                guard let rounds = rest.popFirst().flatMap(Int.init), rounds > 0 else {
                    throw BenchError("--rounds needs a count")
                }
                options.rounds = rounds
            case "--out":
                guard let path = rest.popFirst() else { throw BenchError("--out needs a file") }
                options.output = path
            case "--fling": options.fling = rest.popFirst()
            case "--cache": options.cache = rest.popFirst()
            case "--seconds": options.seconds = rest.popFirst().flatMap(Double.init) ?? options.seconds
            case "--drags": options.drags = rest.popFirst().flatMap(Int.init)
            default:
                throw BenchError(
                    "unknown option \"\(argument)\" (tessera-bench [--quick] [--library] [--huge] [--windowed] [--animated] [--rounds N] [--real-screen] [--semantics] [--out FILE])"
                )
            }
        }
        return options
    }

    /// The folder holding `Assets/` and `Configs/`: `TESSERA_HOME`, else the nearest above the
    /// executable (the repository, for `.build/release/tessera-bench`), else the current directory.
    static func repositoryRoot() throws -> URL {
        let fm = FileManager.default
        func holds(_ url: URL) -> Bool {
            fm.fileExists(atPath: url.appendingPathComponent("Assets/Photos").path)
                && fm.fileExists(atPath: url.appendingPathComponent("Configs/default.json").path)
        }
        if let home = ProcessInfo.processInfo.environment["TESSERA_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home)
        }
        var candidate = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        while candidate.path != "/" {
            if holds(candidate) { return candidate }
            candidate = candidate.deletingLastPathComponent()
        }
        let here = URL(fileURLWithPath: fm.currentDirectoryPath)
        guard holds(here) else { throw BenchError("cannot find Assets/ and Configs/ (set TESSERA_HOME)") }
        return here
    }
}
