import TesseraPhotos

/// Script steps that name what they touch as a person perceives it (docs/ACCESSIBILITY.md): an element of
/// the semantics tree by its accessible name, and optionally its role, wherever a step takes a tile id.
///
///     {"at": 1.0, "tap": {"name": "Done"}}
///     {"at": 0.2, "activate": {"role": "page tab", "name": "Gallery"}}
///     {"at": 0.4, "activate": {"name": "photo-03", "action": "select"}}   or   {"activate": "photo-03"}
///
/// `activate` runs the element's action (its default one unless `action` names another) as a screen
/// reader does, without touching the screen.
package struct ElementQuery: Equatable, Sendable {
    package var name: String
    package var role: SemanticsRole?
}

/// What `activate` acts on: a tile by its id, or an element by name.
enum ElementTarget: Equatable, Sendable {
    case tile(PhotoID)
    case named(ElementQuery)

    /// How a script's error line names it: `"Done" (button)`, `photo-03`.
    var described: String {
        switch self {
        case .tile(let id): id.rawValue
        case .named(let query): "\"\(query.name)\"" + (query.role.map { " (\($0.rawValue))" } ?? "")
        }
    }
}

extension Script {
    /// `{"name": …, "role": …}` (and `action` where `allowsAction`), or a bare id where `allowsID`.
    static func parseElement(_ key: String, _ value: Any, allowsAction: Bool) throws -> (
        ElementTarget, SemanticsAction
    ) {
        if let id = value as? String, !id.isEmpty { return (.tile(PhotoID(id)), .activate) }
        guard let object = value as? [String: Any] else {
            throw Error(message: "\"\(key)\": expected a tile id or {\"name\": …, \"role\": …}")
        }
        let known = allowsAction ? ["name", "role", "action"] : ["name", "role"]
        for k in object.keys.sorted() where !known.contains(k) {
            throw Error(message: "\"\(key)\": unknown key \"\(k)\"")
        }
        guard let name = object["name"] as? String, !name.isEmpty else {
            throw Error(message: "\"\(key).name\": expected an accessible name")
        }
        let role: SemanticsRole? = try object["role"].map { try named($0, "\(key).role") }
        let action: SemanticsAction = try object["action"].map { try named($0, "\(key).action") } ?? .activate
        return (.named(ElementQuery(name: name, role: role)), action)
    }

    /// One of a vocabulary's names (a role, an action) under `key`, or an error listing them.
    private static func named<Name: RawRepresentable & CaseIterable>(_ value: Any, _ key: String) throws -> Name
    where Name.RawValue == String {
        guard let text = value as? String, let known = Name(rawValue: text) else {
            throw Error(
                message: "\"\(key)\": expected one of \(Name.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return known
    }

    /// The JSON a target is written as (`jsonData`).
    static func object(_ target: ElementTarget, action: SemanticsAction? = nil) -> Any {
        switch target {
        case .tile(let id) where action == nil || action == .activate:
            return id.rawValue
        case .tile(let id):
            return ["name": id.rawValue, "action": action!.rawValue]
        case .named(let query):
            var o: [String: Any] = ["name": query.name]
            if let role = query.role { o["role"] = role.rawValue }
            if let action, action != .activate { o["action"] = action.rawValue }
            return o
        }
    }
}
