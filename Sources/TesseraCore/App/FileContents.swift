import Foundation

/// Reads a whole file the user named (a config, a script). Through a handle, not by size, so a pipe
/// (`--config <(…)`) works; any failure — missing, a directory, unreadable — is nil, never a crash
/// (Foundation's `readDataToEndOfFile` traps on a directory).
enum FileContents {
    static func read(_ path: String) -> Data? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            return nil
        }
    }
}
