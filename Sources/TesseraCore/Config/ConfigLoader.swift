import Foundation

/// Reads a config file over the defaults. A file may set any subset of keys (the rest keep `Config()`'s
/// values); an unknown key or a value of the wrong kind is an error naming its key path, e.g.
/// `picker.grid.rowHeight`.
///
/// How: the defaults are encoded to a JSON tree, the file's tree is laid over it key by key (an unknown
/// key fails here, with its path), and the merged tree is decoded — so `Codable` does the type checks
/// and every default lives in one place, the Swift property initialisers.
package enum ConfigLoader {
    package struct Error: Swift.Error, Equatable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// Configs are a few KB; anything past this is not one.
    static let maxFileBytes = 1 << 20

    /// `pipeWait`: seconds a pipe may take to deliver (a live reload passes 0: never stall a window).
    package static func load(path: String, pipeWait: Double = 10) throws -> Config {
        let data: Data
        do {
            data = try FileContents.read(path, limit: maxFileBytes, pipeWait: pipeWait)
        } catch let error as FileContents.Error {
            throw Error(message: "config \(path): cannot read the file (\(error.reason))")
        }
        guard !data.isEmpty else { throw Error(message: "config \(path): the file is empty") }
        do {
            return try decode(data)
        } catch let error as Error {
            throw Error(message: "config \(path): \(error.message)")
        }
    }

    static func decode(_ data: Data) throws -> Config {
        let overrides: Any
        do {
            overrides = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Error(message: "not valid JSON (\(error.localizedDescription))")
        }
        let defaults = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Config()))
        let merged = try merge(overrides, over: defaults, path: [])
        try checkRanges(in: merged)
        let config: Config
        do {
            config = try JSONDecoder().decode(Config.self, from: JSONSerialization.data(withJSONObject: merged))
        } catch let DecodingError.typeMismatch(type, context) {
            throw Error(message: "\(keyPath(context.codingPath)): expected \(describe(type))")
        } catch let DecodingError.dataCorrupted(context) {
            throw Error(message: "\(keyPath(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.valueNotFound(type, context) {
            throw Error(message: "\(keyPath(context.codingPath)): expected \(describe(type)), got null")
        } catch {
            throw Error(message: "\(error)")
        }
        try validate(config)
        var read = config
        // Keys whose absence means "as the desktop says" (docs/ACCESSIBILITY.md, "The desktop's settings").
        let named = (overrides as? [String: Any]) ?? [:]
        read.setsReduceMotion = named["reduceMotion"] != nil
        read.setsContrast = named["contrast"] != nil
        read.setsTextScale = named["textScale"] != nil
        return read
    }

    /// Lays `value` over `base`; objects merge key by key, anything else replaces.
    static func merge(_ value: Any, over base: Any, path: [String]) throws -> Any {
        guard let baseObject = base as? [String: Any] else { return value }
        guard let object = value as? [String: Any] else {
            throw Error(message: "\(path.isEmpty ? "top level" : path.joined(separator: ".")): expected an object")
        }
        var result = baseObject
        for key in object.keys.sorted() {
            guard let baseValue = baseObject[key] else {
                throw Error(message: "\((path + [key]).joined(separator: ".")): unknown key")
            }
            result[key] = try merge(object[key]!, over: baseValue, path: path + [key])
        }
        return result
    }

    /// Checks what types alone cannot: every number in its range (each config type lists its own,
    /// `RangeChecked`). Names (presets, scenes, key chords, behaviours) are types, checked as they decode.
    static func validate(_ config: Config) throws {
        var ranges = RangeCheck()
        try config.checkRanges(&ranges)
    }

    /// Every documented number of the merged tree against its range, before `Codable` sees it: so a
    /// fraction for an integer key says so (`Codable` only says "not valid JSON", naming no key), and
    /// types that refuse some values while decoding (a spring's zero response) never answer first
    /// with a message that leaves out the range. The same ranges are checked again on the decoded
    /// config (`validate`).
    static func checkRanges(in merged: Any) throws {
        for (key, range) in RangeCheck.documented() {
            var value: Any? = merged
            for component in key.split(separator: ".") { value = (value as? [String: Any])?[String(component)] }
            guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { continue }
            let double = number.doubleValue
            let outside = !double.isFinite || double < range.lower || double > range.upper
            if outside || (range.isWhole && double != double.rounded()) {
                throw Error(message: "\(key): must be \(range), got \(ConfigRange.format(double))")
            }
        }
    }

    private static func keyPath(_ path: [CodingKey]) -> String {
        path.isEmpty ? "top level" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}
