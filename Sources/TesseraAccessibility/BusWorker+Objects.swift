import CSystemdBus
import TesseraCore

/// Every method call on an object under `/org/a11y/atspi`, answered from the served tree: found by path
/// (`ObjectPaths`), then by interface. The interfaces and signatures are at-spi2-core's (its `xml/` folder).
extension BusWorker {
    static let cachePath = "/org/a11y/atspi/cache"

    func handle(_ call: BusMessage) -> Int32 {
        var type: UInt8 = 0
        guard sd_bus_message_get_type(call.pointer, &type) >= 0, type == 1 else { return 0 }  // method calls only
        if call.path == Self.cachePath {
            guard call.member == "GetItems" else { return unknownMethod(call) }
            // libatspi asks each new application for its cache (`handle_get_bus_address` in
            // atspi-misc.c); an empty one makes it read objects as it needs them.
            return reply(to: call) { $0.array("((so)(so)(so)iiassusau)") {} }
        }
        guard let id = paths.id(at: call.path), let entry = tree[id] else {
            return fail(call, "org.freedesktop.DBus.Error.UnknownObject", "No such accessible: \(call.path)")
        }
        let interface = call.interface
        if interface == "org.freedesktop.DBus.Properties" { return properties(call, id, entry) }
        guard interfaces(of: id, entry).contains(interface) else { return unknownMethod(call) }
        switch interface {
        case "org.a11y.atspi.Accessible": return accessible(call, id, entry)
        case "org.a11y.atspi.Application": return application(call)
        case "org.a11y.atspi.Component": return component(call, id, entry)
        case "org.a11y.atspi.Action": return action(call, id, entry)
        case "org.a11y.atspi.Selection": return selection(call, id, entry)
        case "org.a11y.atspi.Text": return text(call, entry)
        default: return unknownMethod(call)
        }
    }

    /// What `id` implements (`GetInterfaces`): every node is an accessible with a place on screen.
    func interfaces(of id: SemanticsID, _ entry: ServedTree.Entry) -> [String] {
        var names = ["org.a11y.atspi.Accessible", "org.a11y.atspi.Component"]
        if id == .application { names.append("org.a11y.atspi.Application") }
        if !entry.node.actions.isEmpty { names.append("org.a11y.atspi.Action") }
        if hasSelection(entry) { names.append("org.a11y.atspi.Selection") }
        if entry.node.text != nil { names.append("org.a11y.atspi.Text") }
        return names
    }

    // MARK: Accessible

    private func accessible(_ call: BusMessage, _ id: SemanticsID, _ entry: ServedTree.Entry) -> Int32 {
        let node = entry.node
        switch call.member {
        case "GetChildAtIndex":
            let index = Int(call.readInt32() ?? -1)
            let child = entry.children.indices.contains(index) ? reference(entry.children[index]) : .null
            return reply(to: call) { $0.append(reference: child) }
        case "GetChildren":
            return reply(to: call) { message in
                message.array("(so)") {
                    for child in entry.children { message.append(reference: self.reference(child)) }
                }
            }
        case "GetIndexInParent":
            // The application's index among the desktop's children is the registry's to know.
            return reply(to: call) { $0.append(Int32(entry.parent == nil ? -1 : entry.indexInParent)) }
        case "GetRelationSet":
            return reply(to: call) { $0.array("(ua(so))") {} }
        case "GetRole":
            return reply(to: call) { $0.append(node.role.atspiRole) }
        case "GetRoleName", "GetLocalizedRoleName":
            return reply(to: call) { $0.append(node.role.atspiName) }
        case "GetState":
            return reply(to: call) { message in
                message.array("u") { for word in node.states.atspiWords { message.append(word) } }
            }
        case "GetAttributes":
            return reply(to: call) { message in
                message.array("{ss}") {
                    for (key, value) in [("toolkit", "Tessera"), ("id", id.description)] {
                        message.container(BusMessage.Code.dictEntry, "ss") {
                            message.append(key)
                            message.append(value)
                        }
                    }
                }
            }
        case "GetApplication":
            return reply(to: call) { $0.append(reference: self.reference(.application)) }
        case "GetInterfaces":
            let names = interfaces(of: id, entry)
            return reply(to: call) { message in message.array("s") { for name in names { message.append(name) } } }
        default:
            return unknownMethod(call)
        }
    }

    // MARK: Application

    private func application(_ call: BusMessage) -> Int32 {
        switch call.member {
        case "GetLocale": return reply(to: call) { $0.append("en") }
        // No peer-to-peer connection: clients stay on the accessibility bus.
        case "GetApplicationBusAddress": return reply(to: call) { $0.append("") }
        case "RegisterEventListener", "DeregisterEventListener": return reply(to: call) { _ in }
        default: return unknownMethod(call)
        }
    }

    // MARK: Properties

    /// One property's value: its D-Bus type and how to write it.
    typealias PropertyValue = (signature: String, write: (BusMessage) -> Void)

    private func properties(_ call: BusMessage, _ id: SemanticsID, _ entry: ServedTree.Entry) -> Int32 {
        switch call.member {
        case "Get":
            guard let interface = call.readString(), let name = call.readString(),
                let value = property(interface, name, id, entry)
            else { return fail(call, "org.freedesktop.DBus.Error.UnknownProperty", "No such property") }
            return reply(to: call) { message in message.variant(value.signature) { value.write(message) } }
        case "GetAll":
            let interface = call.readString() ?? ""
            return reply(to: call) { message in
                message.array("{sv}") {
                    for name in (Self.propertyNames[interface] ?? []) {
                        guard let value = self.property(interface, name, id, entry) else { continue }
                        message.entry(name, value.signature) { value.write(message) }
                    }
                }
            }
        case "Set":
            // The registry numbers the application at `Embed` (`set_id` in registryd/registry.c).
            guard id == .application, call.readString() == "org.a11y.atspi.Application", call.readString() == "Id",
                call.enter(BusMessage.Code.variant, "i"), let value = call.readInt32()
            else { return fail(call, "org.freedesktop.DBus.Error.PropertyReadOnly", "Read-only property") }
            applicationID = value
            return reply(to: call) { _ in }
        default:
            return unknownMethod(call)
        }
    }

    private static let propertyNames: [String: [String]] = [
        "org.a11y.atspi.Accessible": ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId"],
        "org.a11y.atspi.Application": ["ToolkitName", "Version", "AtspiVersion", "Id"],
        "org.a11y.atspi.Action": ["NActions"],
        "org.a11y.atspi.Selection": ["NSelectedChildren"],
        "org.a11y.atspi.Text": ["CharacterCount", "CaretOffset"],
    ]

    private func property(_ interface: String, _ name: String, _ id: SemanticsID, _ entry: ServedTree.Entry)
        -> PropertyValue?
    {
        guard interfaces(of: id, entry).contains(interface) else { return nil }
        let node = entry.node
        switch (interface, name) {
        case ("org.a11y.atspi.Accessible", "Name"): return ("s", { $0.append(node.name) })
        case ("org.a11y.atspi.Accessible", "Description"): return ("s", { $0.append(node.description ?? "") })
        case ("org.a11y.atspi.Accessible", "Parent"):
            let parent = entry.parent.map(reference) ?? desktop
            return ("(so)", { $0.append(reference: parent) })
        case ("org.a11y.atspi.Accessible", "ChildCount"): return ("i", { $0.append(Int32(entry.children.count)) })
        case ("org.a11y.atspi.Accessible", "Locale"): return ("s", { $0.append(node.language) })
        case ("org.a11y.atspi.Accessible", "AccessibleId"): return ("s", { $0.append(id.description) })
        case ("org.a11y.atspi.Application", "ToolkitName"): return ("s", { $0.append("Tessera") })
        case ("org.a11y.atspi.Application", "Version"): return ("s", { $0.append(tesseraVersion) })
        case ("org.a11y.atspi.Application", "AtspiVersion"): return ("s", { $0.append("2.1") })
        case ("org.a11y.atspi.Application", "Id"):
            let value = applicationID
            return ("i", { $0.append(value) })
        case ("org.a11y.atspi.Action", "NActions"): return ("i", { $0.append(Int32(node.actions.count)) })
        case ("org.a11y.atspi.Selection", "NSelectedChildren"):
            let count = selectedChildren(entry).count
            return ("i", { $0.append(Int32(count)) })
        case ("org.a11y.atspi.Text", "CharacterCount"):
            let count = (node.text ?? "").unicodeScalars.count
            return ("i", { $0.append(Int32(count)) })
        case ("org.a11y.atspi.Text", "CaretOffset"): return ("i", { $0.append(Int32(0)) })
        default: return nil
        }
    }

    // MARK: Replies

    /// Answers `call` with what `body` writes.
    func reply(to call: BusMessage, _ body: (BusMessage) -> Void) -> Int32 {
        var made: OpaquePointer?
        guard let bus, sd_bus_message_new_method_return(call.pointer, &made) >= 0, let made else {
            return -12  // -ENOMEM
        }
        defer { sd_bus_message_unref(made) }
        body(BusMessage(pointer: made))
        sd_bus_send(bus, made, nil)
        return 1
    }

    func fail(_ call: BusMessage, _ name: String, _ text: String) -> Int32 {
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        sd_bus_error_set(&error, name, text)
        sd_bus_reply_method_error(call.pointer, &error)
        return 1
    }

    func unknownMethod(_ call: BusMessage) -> Int32 {
        fail(
            call, "org.freedesktop.DBus.Error.UnknownMethod",
            "\(call.interface).\(call.member) is not implemented on \(call.path)")
    }
}
