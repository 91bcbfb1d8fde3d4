import TesseraCore

/// `org.a11y.atspi.Action` and `org.a11y.atspi.Selection` (at-spi2-core's `xml/Action.xml`,
/// `xml/Selection.xml`): what a client asks for is posted to the run loop (`SemanticsActionQueue`) and
/// answered at once with whether it was taken — the change itself arrives with the next tree, as events.
extension BusWorker {
    func action(_ call: BusMessage, _ id: SemanticsID, _ entry: ServedTree.Entry) -> Int32 {
        let actions = entry.node.actions
        if call.member == "GetActions" {
            return reply(to: call) { message in
                message.array("(sss)") {
                    for action in actions {
                        message.container(BusMessage.Code.structure, "sss") {
                            message.append(action.rawValue)
                            message.append(Self.describe(action))
                            message.append("")
                        }
                    }
                }
            }
        }
        let index = Int(call.readInt32() ?? -1)
        let action = actions.indices.contains(index) ? actions[index] : nil
        switch call.member {
        case "GetName", "GetLocalizedName": return reply(to: call) { $0.append(action?.rawValue ?? "") }
        case "GetDescription": return reply(to: call) { $0.append(action.map(Self.describe) ?? "") }
        case "GetKeyBinding": return reply(to: call) { $0.append("") }
        case "DoAction":
            if let action { mailbox.actions.post(action, on: id) }
            return reply(to: call) { $0.append(action != nil) }
        default: return unknownMethod(call)
        }
    }

    /// What the action does, said after its name.
    private static func describe(_ action: SemanticsAction) -> String {
        switch action {
        case .activate: "What a tap does"
        case .select: "Selects it"
        case .deselect: "Deselects it"
        case .open: "Opens it"
        case .close: "Closes it"
        case .next: "Shows the next one"
        case .previous: "Shows the previous one"
        case .zoomIn: "Zooms in"
        case .zoomOut: "Zooms out"
        case .scrollTo: "Scrolls it into view"
        case .focus: "Gives it keyboard focus"
        }
    }

    // MARK: Selection

    /// A container whose children can be selected: one that says so (`multiselectable`), or one with a
    /// selectable child (the tab list).
    func hasSelection(_ entry: ServedTree.Entry) -> Bool {
        entry.node.states.contains(.multiselectable)
            || entry.children.contains { tree[$0]?.node.states.contains(.selectable) == true }
    }

    func selectedChildren(_ entry: ServedTree.Entry) -> [SemanticsID] {
        entry.children.filter { tree[$0]?.node.states.contains(.selected) == true }
    }

    func selection(_ call: BusMessage, _ id: SemanticsID, _ entry: ServedTree.Entry) -> Int32 {
        let selected = selectedChildren(entry)
        switch call.member {
        case "SelectAll", "ClearSelection":
            return reply(to: call) { $0.append(false) }
        default:
            break
        }
        let index = Int(call.readInt32() ?? -1)
        let child = entry.children.indices.contains(index) ? entry.children[index] : nil
        let selectedChild = selected.indices.contains(index) ? selected[index] : nil
        switch call.member {
        case "GetSelectedChild":
            return reply(to: call) { $0.append(reference: selectedChild.map(self.reference) ?? .null) }
        case "IsChildSelected":
            return reply(to: call) { $0.append(child.map(selected.contains) ?? false) }
        case "SelectChild":
            if let child { mailbox.actions.post(.select, on: child) }
            return reply(to: call) { $0.append(child != nil) }
        case "DeselectChild", "DeselectSelectedChild":
            let target = call.member == "DeselectChild" ? child : selectedChild
            if let target { mailbox.actions.post(.deselect, on: target) }
            return reply(to: call) { $0.append(target != nil) }
        default:
            return unknownMethod(call)
        }
    }
}
