import Foundation
import TesseraCore

/// The scenes the benchmarks measure, by the names `--scene` takes: a build without one of them (its
/// folder removed) still builds, and the benchmark that needs it says so.
enum BenchScenes {
    static var picker: SceneID { named("picker") }
    static var waterfall: SceneID { named("waterfall") }

    private static func named(_ name: String) -> SceneID {
        guard let id = SceneID(rawValue: name) else {
            FileHandle.standardError.write(Data("tessera-bench: this build has no \(name) scene to measure\n".utf8))
            exit(1)
        }
        return id
    }
}
