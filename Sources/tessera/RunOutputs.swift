import TesseraCore

/// A script's `screenshot` and `dump` steps, written as files the user named: replaced whole or not at
/// all (`OutputFile`), a failure exit 2 naming the file.
final class RunOutputs: ScriptOutputs {
    private let sink: FrameSink

    init(sink: FrameSink) { self.sink = sink }

    func saveScreenshot(to path: String) throws {
        try OutputFile.write("screenshot", to: path) { try sink.saveScreenshot(to: path) }
    }

    func saveDump(_ dump: StateDump, to path: String) throws {
        try OutputFile.write("dump", to: path) { try OutputFile.save(dump.jsonData(), to: path) }
    }
}
