import TesseraCore
import TesseraGeometry

/// `org.a11y.atspi.Component` (at-spi2-core's `xml/Component.xml`): where each node is, in window
/// points rounded to whole ones. Screen coordinates add the window's position on the screen; parent
/// coordinates are relative to the parent's frame (`AtspiCoordType`: 0 screen, 1 window, 2 parent).
extension BusWorker {
    func component(_ call: BusMessage, _ id: SemanticsID, _ entry: ServedTree.Entry) -> Int32 {
        let frame = entry.node.frame
        switch call.member {
        case "GetExtents":
            let rect = convert(frame, to: call.readUInt32() ?? 1, entry)
            return reply(to: call) { message in
                message.container(BusMessage.Code.structure, "iiii") {
                    for value in Self.extents(rect) { message.append(value) }
                }
            }
        case "GetPosition":
            let rect = convert(frame, to: call.readUInt32() ?? 1, entry)
            return reply(to: call) { message in for value in Self.extents(rect).prefix(2) { message.append(value) } }
        case "GetSize":
            return reply(to: call) { message in for value in Self.extents(frame).suffix(2) { message.append(value) } }
        case "Contains", "GetAccessibleAtPoint":
            guard let x = call.readInt32(), let y = call.readInt32() else { return unknownMethod(call) }
            let origin = convert(Rect(0, 0, 0, 0), to: call.readUInt32() ?? 1, entry).origin
            // The point in window points: the coordinates' origin is `origin` there.
            let point = Point(Double(x) - origin.x, Double(y) - origin.y)
            if call.member == "Contains" { return reply(to: call) { $0.append(frame.contains(point)) } }
            let found = tree.deepest(at: point, from: id).map(reference) ?? .null
            return reply(to: call) { $0.append(reference: found) }
        case "GetLayer":
            // ATSPI_LAYER_WIDGET: everything is drawn in the one window's own layer.
            return reply(to: call) { $0.append(UInt32(3)) }
        case "GetMDIZOrder":
            return reply(to: call) { $0.append(int16: 0) }
        case "GetAlpha":
            return reply(to: call) { $0.append(1.0) }
        case "GrabFocus":
            let focusable = entry.node.states.contains(.focusable)
            if focusable { mailbox.actions.post(.focus, on: id) }
            return reply(to: call) { $0.append(focusable) }
        case "ScrollTo", "ScrollToPoint":
            mailbox.actions.post(.scrollTo, on: id)
            return reply(to: call) { $0.append(true) }
        case "SetExtents", "SetPosition", "SetSize":
            return reply(to: call) { $0.append(false) }
        default:
            return unknownMethod(call)
        }
    }

    /// `frame` (window points) in `coordinates`: screen (0), window (1) or parent (2).
    func convert(_ frame: Rect, to coordinates: UInt32, _ entry: ServedTree.Entry) -> Rect {
        switch coordinates {
        case 0:
            let origin = mailbox.windowOrigin()
            return frame.offsetBy(dx: origin.x, dy: origin.y)
        case 2:
            let parent = entry.parent.flatMap { tree[$0]?.node.frame.origin } ?? .zero
            return frame.offsetBy(dx: -parent.x, dy: -parent.y)
        default:
            return frame
        }
    }
}
