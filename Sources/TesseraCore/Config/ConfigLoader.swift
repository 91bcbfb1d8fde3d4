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

    package static func load(path: String) throws -> Config {
        guard let data = FileContents.read(path) else {
            throw Error(message: "config \(path): cannot read the file")
        }
        do {
            return try decode(data)
        } catch let error as Error {
            throw Error(message: "config \(path): \(error.message)")
        }
    }

    package static func decode(_ data: Data) throws -> Config {
        let overrides: Any
        do {
            overrides = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Error(message: "not valid JSON (\(error.localizedDescription))")
        }
        let defaults = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Config()))
        let merged = try merge(overrides, over: defaults, path: [])
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
        return config
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

    /// Checks what types alone cannot: names that must refer to presets, numbers that must be positive.
    static func validate(_ config: Config) throws {
        for (key, name) in [
            ("picker.animation", config.picker.animation),
            ("picker.dockScrollAnimation", config.picker.dockScrollAnimation),
            ("waterfall.animation", config.waterfall.animation),
            ("destinations.animation", config.destinations.animation),
        ] where config.spring(named: name) == nil {
            throw Error(
                message: "\(key): unknown animation \"\(name)\" (one of \(SpringPresets.names.joined(separator: ", ")))"
            )
        }
        let presets = SpringPresets.names.map { ($0, config.spring(named: $0)!) }
        for (name, spring) in presets {
            try positive("springs.\(name).response", spring.response)
            try positive("springs.\(name).dampingFraction", spring.dampingFraction)
        }
        let p = config.picker
        try positive("picker.grid.minimumColumnWidth", p.grid.minimumColumnWidth)
        try positive("picker.grid.rowHeight", p.grid.rowHeight)
        try nonNegative("picker.grid.spacing", p.grid.spacing)
        try nonNegative("picker.grid.cornerRadius", p.grid.cornerRadius)
        try positive("picker.dock.height", p.dock.height)
        try positive("picker.dock.tileWidth", p.dock.tileWidth)
        try nonNegative("picker.dock.padding", p.dock.padding)
        try nonNegative("picker.dock.spacing", p.dock.spacing)
        try nonNegative("picker.padding", p.padding)
        try nonNegative("picker.spacing", p.spacing)
        try nonNegative("chrome.padding", config.chrome.padding)
        try nonNegative("chrome.headerHeight", config.chrome.headerHeight)
        try positive("chrome.titleSize", config.chrome.titleSize)
        try nonNegative("chrome.stackBelowWidth", config.chrome.stackBelowWidth)
        try nonNegative("chrome.tabRowHeight", config.chrome.tabRowHeight)
        try positive("picker.dock.doneButtonWidth", p.dock.doneButtonWidth)
        try positive("picker.dock.doneButtonHeight", p.dock.doneButtonHeight)
        try nonNegative("kiosk.idleResetSeconds", config.kiosk.idleResetSeconds)
        try nonNegative("kiosk.cursorHideSeconds", config.kiosk.cursorHideSeconds)
        if !config.kiosk.lockScene.isEmpty && config.kiosk.lockedScene == nil {
            throw Error(
                message:
                    "kiosk.lockScene: unknown scene \"\(config.kiosk.lockScene)\" (one of \(SceneID.allCases.map(\.rawValue).joined(separator: ", ")), or \"\")"
            )
        }
        if KeyChord(config.kiosk.exitChord) == nil {
            throw Error(
                message:
                    "kiosk.exitChord: expected modifiers and a key like \"Ctrl+Alt+Shift+Q\", got \"\(config.kiosk.exitChord)\""
            )
        }
        try positive("input.wheelStep", config.input.wheelStep)
        try nonNegative("input.tapSlop", config.input.tapSlop)
        try validateProfiling(config.profiling)
        try positive("scroll.deceleration.rate", config.scroll.deceleration.rate)
        if config.scroll.deceleration.rate >= 1 {
            throw Error(message: "scroll.deceleration.rate: must be below 1 (UIScrollView uses 0.998)")
        }
        try config.gallery.validate(config)
        try validateHeroScenes(config)
        try validateZoom(config)
    }

    static func validateProfiling(_ p: ProfilingConfig) throws {
        try positive("profiling.historyFrames", Double(p.historyFrames))
        try positive("profiling.slowMotionFactor", p.slowMotionFactor)
        try positive("profiling.hud.graphFrames", Double(p.hud.graphFrames))
        try positive("profiling.hud.barWidth", p.hud.barWidth)
        try positive("profiling.hud.graphHeight", p.hud.graphHeight)
        try positive("profiling.hud.graphBudgets", p.hud.graphBudgets)
        try positive("profiling.hud.fontSize", p.hud.fontSize)
        try positive("profiling.hud.refreshSeconds", p.hud.refreshSeconds)
        try nonNegative("profiling.hud.margin", p.hud.margin)
        try nonNegative("profiling.hud.padding", p.hud.padding)
        try nonNegative("profiling.hud.cornerRadius", p.hud.cornerRadius)
    }

    static func positive(_ key: String, _ value: Double) throws {
        guard value.isFinite, value > 0 else { throw Error(message: "\(key): must be a positive number, got \(value)") }
    }

    static func nonNegative(_ key: String, _ value: Double) throws {
        guard value.isFinite, value >= 0 else { throw Error(message: "\(key): must be zero or more, got \(value)") }
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
