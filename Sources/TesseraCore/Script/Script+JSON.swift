import Foundation
import TesseraGeometry
import TesseraPhotos

extension Script {
    /// The script as a file `Script.parse` reads back to an equal script (the monkey writes the
    /// storm that broke an invariant this way, so it can be replayed).
    package func jsonData() throws -> Data {
        var object: [String: Any] = ["steps": steps.map(Self.object)]
        if let scene { object["scene"] = scene.rawValue }
        if let window { object["window"] = [window.width, window.height] }
        return try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    private static func object(_ step: Step) -> [String: Any] {
        var o: [String: Any] = ["at": step.at]
        switch step.action {
        case .tap(let id): o["tap"] = id.rawValue
        case .tapElement(let query): o["tap"] = object(.named(query))
        case .activate(let target, let action): o["activate"] = object(target, action: action)
        case .click(let p): o["click"] = [p.x, p.y]
        case .drag(let from, let to, let seconds, let hold):
            o["drag"] = ["from": [from.x, from.y], "to": [to.x, to.y], "seconds": seconds, "hold": hold]
        case .wheel(let at, let dx, let dy): o["wheel"] = ["at": [at.x, at.y], "dx": dx, "dy": dy]
        case .key(let key): o["key"] = key.name
        case .scene(let scene): o["scene"] = scene.rawValue
        case .resize(let size): o["resize"] = [size.width, size.height]
        case .screenshot(let path): o["screenshot"] = path
        case .dump(let path): o["dump"] = path
        case .touch(let gesture): gesture.encode(into: &o)
        case .rescan: o["rescan"] = true
        }
        return o
    }
}
