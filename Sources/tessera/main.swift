import Foundation
import TesseraCore

// tessera: the command line → a run. Everything else lives in TesseraCore and TesseraSDL.
do {
    let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    exit(try Launcher(options: options).run())
} catch let error as Options.UsageError {
    Launcher.fail(error.message, code: 2)
} catch {
    Launcher.fail(error)
}
