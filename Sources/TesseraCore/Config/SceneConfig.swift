/// A scene's section of the config: its key in a file (`"picker": {…}`), its defaults (the property
/// initialisers), its names (typed: a `SpringName`, a behaviour enum) and its ranges (`RangeChecked`).
/// The scene's description registers the type (`SceneDescription.config`); the loader reads, checks and
/// documents it by the same walk as every shared section.
protocol SceneConfig: Codable, Equatable, Sendable, RangeChecked {
    /// The section's key in a config file.
    static var key: String { get }
    init()
    /// This section with its text sizes multiplied by `factor` and what holds its text grown by `grow`
    /// (`Config.applyingTextScale()`, which scales the shared sections). A section without text keeps
    /// the default, itself.
    func scalingText(by factor: Double, grow: Double) -> Self
}

extension SceneConfig {
    fileprivate func isEqual(to other: any SceneConfig) -> Bool { (other as? Self) == self }

    func scalingText(by factor: Double, grow: Double) -> Self { self }
}

/// One section of each registered scene, by key, in registry order.
struct SceneConfigs: Equatable, Sendable, RangeChecked {
    private var sections: [(key: String, value: any SceneConfig)]

    /// Every type's defaults.
    init(_ types: [any SceneConfig.Type]) {
        sections = types.map { ($0.key, $0.init()) }
    }

    /// Every type's section, read from the keys beside the shared sections.
    init(_ types: [any SceneConfig.Type], from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: SectionKey.self)
        func decode<Section: SceneConfig>(_ type: Section.Type) throws -> any SceneConfig {
            try c.decode(Section.self, forKey: SectionKey(Section.key))
        }
        sections = try types.map { ($0.key, try decode($0)) }
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: SectionKey.self)
        for (key, value) in sections { try c.encode(value, forKey: SectionKey(key)) }
    }

    /// The section of type `Section`: its defaults if that scene is not registered.
    subscript<Section: SceneConfig>(type: Section.Type) -> Section {
        get { sections.first { $0.key == Section.key }?.value as? Section ?? Section() }
        set {
            if let i = sections.firstIndex(where: { $0.key == Section.key }) {
                sections[i].value = newValue
            } else {
                sections.append((Section.key, newValue))
            }
        }
    }

    func checkRanges(_ c: inout RangeCheck) throws {
        for (key, value) in sections { try c.section(key, value) }
    }

    /// Every section's `scalingText(by:grow:)`.
    func scalingText(by factor: Double, grow: Double) -> SceneConfigs {
        var scaled = self
        scaled.sections = sections.map { ($0.key, $0.value.scalingText(by: factor, grow: grow)) }
        return scaled
    }

    static func == (a: SceneConfigs, b: SceneConfigs) -> Bool {
        a.sections.count == b.sections.count
            && zip(a.sections, b.sections).allSatisfy { $0.key == $1.key && $0.value.isEqual(to: $1.value) }
    }

    private struct SectionKey: CodingKey {
        let stringValue: String
        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
