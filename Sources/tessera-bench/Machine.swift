import CSDL2
import Foundation

/// What the numbers were measured on, for bench.json and BENCHMARKS.md.
struct Machine: Encodable {
    var cpu: String
    var cores: Int
    var os: String
    var sdl: String
    /// How the measured `tessera` lays out the code its animated frames run; nil where unknown.
    var linkOrder: LinkOrderCheck?
    #if DEBUG
        var swiftBuild = "debug"
    #else
        var swiftBuild = "release"
    #endif

    static func current(tessera: URL, root: URL) -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        var version = SDL_version()
        SDL_GetVersion(&version)
        let os = ProcessInfo.processInfo.operatingSystemVersionString
        return Machine(
            cpu: model, cores: ProcessInfo.processInfo.activeProcessorCount, os: os,
            sdl: "\(version.major).\(version.minor).\(version.patch)",
            linkOrder: LinkOrderCheck.of(
                binary: tessera, order: root.appendingPathComponent("Tools/link-order/tessera.order")))
    }
}
