import Foundation
import TesseraCore
import TesseraSDL

// tessera-bench (`make bench`, release): simulation steps, render overhead, decode. Prints a table and
// writes JSON (default: .build/bench.json). `--quick` shrinks everything for a smoke run.
do {
    let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    SDLLibraries.initialize()
    if let folder = options.fling {
        let result = try FlingBenchmark.run(
            folder: folder, cache: options.cache ?? "/tmp", seconds: options.seconds, drags: options.drags)
        FileHandle.standardOutput.write(try JSONEncoder().encode(result))
        exit(0)
    }
    let root = try BenchOptions.repositoryRoot()
    let tessera = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tessera")
    let libraryBench =
        options.quick
        ? LibraryBenchmark(
            count: 40, distinct: 4, width: 480, height: 360, runs: 1, flingSeconds: 10,
            scaling: FlingScalingBenchmark(small: 40, large: 400, drags: 2, runs: 1))
        : LibraryBenchmark()
    if options.libraryOnly {
        let library = try libraryBench.run(
            tessera: tessera, bench: URL(fileURLWithPath: CommandLine.arguments[0]), root: root)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(library), as: UTF8.self))
        exit(0)
    }
    if options.hugeOnly {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(
            String(
                decoding: try encoder.encode(try HugeLibraryBenchmark().run(tessera: tessera, root: root)),
                as: UTF8.self))
        exit(0)
    }
    if options.windowedOnly || options.animatedOnly {
        var benchmark = WindowedBenchmark()
        benchmark.animatedRounds = options.rounds ?? benchmark.animatedRounds
        let result: any Encodable =
            options.animatedOnly
            ? try benchmark.runAnimated(tessera: tessera, root: root) : try benchmark.run(tessera: tessera, root: root)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(result), as: UTF8.self))
        exit(0)
    }
    if options.semanticsOnly {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(try SemanticsBenchmark().run()), as: UTF8.self))
        exit(0)
    }
    if options.realScreenOnly {
        let result = try RealScreenBenchmark().run(tessera: tessera, root: root)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(result), as: UTF8.self))
        exit(0)
    }
    let steps = options.quick ? StepBenchmark(rounds: 3, stepsPerRound: 8) : StepBenchmark()
    var stepMicros: [String: Double] = [:]
    var animatingShare: [String: Double] = [:]
    for (tiles, result) in steps.animating(tileCounts: [100, 1000, 10000]) {
        stepMicros["\(tiles)"] = result.micros
        animatingShare["\(tiles)"] = result.animatingShare
    }
    let settled = ["10000": steps.settled(tiles: 10000).micros]

    let semantics = try (options.quick ? SemanticsBenchmark(rounds: 2, framesPerRound: 60) : SemanticsBenchmark()).run()

    let render = options.quick ? RenderBenchmark(rounds: 2, framesPerRound: 2) : RenderBenchmark()
    let assets = root.appendingPathComponent("Assets/Photos").path
    let software = try render.run(on: try RenderTarget(software: ()), assets: assets)
    let accelerated = try RenderTarget(accelerated: ()).map { try render.run(on: $0, assets: assets) }

    let decode = options.quick ? DecodeBenchmark(count: 2, width: 800, height: 600) : DecodeBenchmark()
    let decoded = try decode.run(
        tessera: FileManager.default.isExecutableFile(atPath: tessera.path) ? tessera : nil)

    let library = try libraryBench.run(
        tessera: tessera, bench: URL(fileURLWithPath: CommandLine.arguments[0]), root: root)

    // Real windows take minutes: not in a quick run.
    var windowedBench = WindowedBenchmark()
    windowedBench.animatedRounds = options.rounds ?? windowedBench.animatedRounds
    let windowed =
        options.quick || !FileManager.default.isExecutableFile(atPath: tessera.path)
        ? nil : try windowedBench.run(tessera: tessera, root: root)

    let realScreen =
        options.quick || !FileManager.default.isExecutableFile(atPath: tessera.path)
        ? nil : try RealScreenBenchmark().run(tessera: tessera, root: root)

    // A hundred thousand photos: a minute or more, and windows: not in a quick run.
    let huge =
        options.quick || !FileManager.default.isExecutableFile(atPath: tessera.path)
        ? nil : try HugeLibraryBenchmark().run(tessera: tessera, root: root)

    let report = BenchReport(
        machine: .current(tessera: tessera, root: root), stepMicros: stepMicros, animatingShare: animatingShare,
        settledStepMicros: settled,
        semantics: semantics,
        render: software, accelerated: accelerated, decode: decoded, library: library, windowed: windowed,
        realScreen: realScreen, huge: huge)
    print(report.table(), terminator: "")
    let output = options.output.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent(".build/bench.json")
    try FileManager.default.createDirectory(
        at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
    try report.jsonData().write(to: output)
    print("wrote \(output.path)")
} catch {
    FileHandle.standardError.write(Data("tessera-bench: \(error)\n".utf8))
    exit(1)
}
