import Foundation
import TesseraCore
import TesseraSDL

/// Where the bundled `Assets/` and `Configs/` are, whatever the current directory: `TESSERA_HOME` if
/// set, else the nearest folder above the executable that holds both (the repository, for
/// `.build/release/tessera`) or holds them in `share/tessera/` (an installed `PREFIX/bin/tessera`,
/// `make install`), else the current directory.
struct Resources {
    let root: URL

    var defaultConfig: String { root.appendingPathComponent("Configs/default.json").path }
    var kioskConfig: String { root.appendingPathComponent("Configs/kiosk.json").path }
    var photos: String { root.appendingPathComponent("Assets/Photos").path }
    /// The same folder for the scenes, which read their own files from `Assets/<Name>/`.
    var locator: ResourceLocator { ResourceLocator(root: root.path) }

    static func locate() throws -> Resources {
        if let home = ProcessInfo.processInfo.environment["TESSERA_HOME"], !home.isEmpty {
            let url = URL(fileURLWithPath: home)
            guard holdsResources(url) else {
                throw HostError("TESSERA_HOME=\(home) has no Configs/default.json and Assets/", exitCode: 1)
            }
            return Resources(root: url)
        }
        var candidate = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        if let exe = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidate = exe.deletingLastPathComponent()
        }
        while candidate.path != "/" {
            if holdsResources(candidate) { return Resources(root: candidate) }
            let installed = candidate.appendingPathComponent("share/tessera")
            if holdsResources(installed) { return Resources(root: installed) }
            candidate = candidate.deletingLastPathComponent()
        }
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard holdsResources(here) else {
            throw HostError(
                "cannot find Tessera's Configs/ and Assets/ (set TESSERA_HOME to the folder holding them)", exitCode: 1)
        }
        return Resources(root: here)
    }

    private static func holdsResources(_ url: URL) -> Bool {
        let fm = FileManager.default
        return fm.fileExists(atPath: url.appendingPathComponent("Configs/default.json").path)
            && fm.fileExists(atPath: url.appendingPathComponent("Assets").path)
    }
}
