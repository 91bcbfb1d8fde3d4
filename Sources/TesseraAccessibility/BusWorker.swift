import CSystemdBus
import Foundation
import TesseraCore
import TesseraGeometry

/// The bridge's bus thread (`AccessibilityBridge`): owns both sd-bus connections — the session bus,
/// where `org.a11y.Bus` says whether assistive technology is on and where the accessibility bus is, and
/// the accessibility bus itself — and everything served on them. Made, used and dropped on that one
/// thread: sd-bus connections are not thread-safe (sd-bus(3), "thread safety").
final class BusWorker {
    let mailbox: BridgeMailbox
    private var session: OpaquePointer?
    /// The accessibility bus, while registered.
    var bus: OpaquePointer?
    /// The session bus's match for `org.a11y.Status` changes, and the accessibility bus's object handler.
    private var statusSlot: OpaquePointer?
    private var objectSlot: OpaquePointer?
    /// Our unique name on the accessibility bus (`:1.42`).
    var uniqueName = ""
    /// The registry's desktop: the application's parent (`Socket.Embed`'s answer).
    var desktop = AccessibleReference.null
    /// The `Id` the registry gives the application (`Application.Id`).
    var applicationID: Int32 = 0
    var tree = ServedTree()
    var paths = ObjectPaths()
    private var embedded = false
    /// Set by the session bus's `PropertiesChanged` callback: the status is read again after it returns.
    private var statusChanged = false

    init(mailbox: BridgeMailbox) { self.mailbox = mailbox }

    /// Polls both buses and the eventfd until told to quit; returns at once without a session bus.
    func run() {
        defer {
            disconnect()
            sd_bus_slot_unref(statusSlot)
            if let session { sd_bus_flush_close_unref(session) }
            mailbox.finished.store(true, ordering: .sequentiallyConsistent)
        }
        guard openSession() else { return }
        followStatus()
        while !mailbox.quit.load(ordering: .sequentiallyConsistent) {
            if let session { while sd_bus_process(session, nil) > 0 {} }
            if let bus, sd_bus_process(bus, nil) < 0 { disconnect() }
            while let bus, sd_bus_process(bus, nil) > 0 {}
            if statusChanged {
                statusChanged = false
                followStatus()
            }
            takeTree()
            if let bus { sd_bus_flush(bus) }
            wait()
        }
    }

    // MARK: The session bus: is assistive technology on, and where is its bus?

    private func openSession() -> Bool {
        var opened: OpaquePointer?
        // No session bus (a kiosk under a bare systemd service, a CI run): nothing to serve, quietly.
        guard sd_bus_open_user(&opened) >= 0, let opened else {
            mailbox.trace("no session bus")
            return false
        }
        session = opened
        let match =
            "type='signal',sender='org.a11y.Bus',path='/org/a11y/bus',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'"
        sd_bus_add_match(
            opened, &statusSlot, match,
            { _, userdata, _ in
                Unmanaged<BusWorker>.fromOpaque(userdata!).takeUnretainedValue().statusChanged = true
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
        return true
    }

    /// Registers when `IsEnabled` or `ScreenReaderEnabled` is true (or a switch forces it), unregisters
    /// when both turn false: what Qt's `QSpiAccessibleBridge` does with the same properties.
    private func followStatus() {
        let on = mailbox.forced || readStatus("IsEnabled") || readStatus("ScreenReaderEnabled")
        mailbox.trace("assistive technology \(on ? "on" : "off")")
        if on, bus == nil {
            connect()
        } else if !on, bus != nil {
            disconnect()
        }
    }

    private func readStatus(_ property: String) -> Bool {
        guard
            let reply = call(
                on: session, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Get",
                arguments: {
                    $0.append("org.a11y.Status")
                    $0.append(property)
                })
        else { return false }
        defer { reply.release() }
        guard reply.enter(BusMessage.Code.variant, "b") else { return false }
        defer { reply.exit() }
        return reply.readBool() ?? false
    }

    // MARK: The accessibility bus

    private func connect() {
        guard let reply = call(on: session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress") else {
            return
        }
        let address = reply.readString()
        reply.release()
        guard let address, !address.isEmpty else { return }
        mailbox.trace("accessibility bus at \(address)")
        var made: OpaquePointer?
        guard sd_bus_new(&made) >= 0, let made else { return }
        guard sd_bus_set_address(made, address) >= 0, sd_bus_set_bus_client(made, 1) >= 0, sd_bus_start(made) >= 0
        else {
            mailbox.trace("cannot connect to \(address)")
            sd_bus_unref(made)
            return
        }
        bus = made
        var unique: UnsafePointer<CChar>?
        sd_bus_get_unique_name(made, &unique)
        uniqueName = unique.map { String(cString: $0) } ?? ""
        // One handler for every object under /org/a11y/atspi (the accessibles and the cache), found by
        // path in the served tree: no vtable per node (sd_bus_add_fallback(3)).
        sd_bus_add_fallback(
            made, &objectSlot, "/org/a11y/atspi",
            { message, userdata, _ in
                guard let message else { return 0 }
                let worker = Unmanaged<BusWorker>.fromOpaque(userdata!).takeUnretainedValue()
                return worker.handle(BusMessage(pointer: message))
            }, Unmanaged.passUnretained(self).toOpaque())
        // Listening from now: the loop makes a tree, and the first one that arrives is embedded.
        mailbox.registered.store(true, ordering: .relaxed)
        mailbox.requestTree()
    }

    private func disconnect() {
        mailbox.registered.store(false, ordering: .relaxed)
        sd_bus_slot_unref(objectSlot)
        objectSlot = nil
        if let bus { sd_bus_flush_close_unref(bus) }
        bus = nil
        embedded = false
        tree = ServedTree()
    }

    /// Registers the application with the registry (`Socket.Embed`, at-spi2-core's `xml/Socket.xml`):
    /// the registry adds it to the desktop's children, sets its `Id`, and answers with the desktop.
    private func embed() {
        guard
            let reply = call(
                on: bus, "org.a11y.atspi.Registry", ObjectPaths.root, "org.a11y.atspi.Socket", "Embed",
                arguments: {
                    $0.append(reference: AccessibleReference(busName: self.uniqueName, path: ObjectPaths.root))
                })
        else { return }
        desktop = reply.readReference() ?? .null
        mailbox.trace("registered as \(uniqueName), desktop \(desktop.busName) \(desktop.path)")
        reply.release()
        embedded = true
        // Orca presents a window's contents once a window is active (its `onWindowActivated`): the frame.
        emit(AccessibleEvent(source: .window, kind: .windowActivate))
    }

    /// Takes the tree the loop handed over, if any: serves it from now and tells clients what changed.
    private func takeTree() {
        guard bus != nil, let next = mailbox.pendingTree.withLock({ $0.take() }) else { return }
        let served = ServedTree(next)
        let events = served.events(from: tree)
        tree = served
        for id in served.order { _ = paths.path(of: id) }
        if !embedded {
            embed()
            if let focused = tree.focused { emit(AccessibleEvent(source: focused, kind: .focus)) }
            return
        }
        for event in events { emit(event) }
    }

    /// Waits for either bus or the eventfd, or sd-bus's own next timeout.
    private func wait() {
        var fds: [pollfd] = [pollfd(fd: mailbox.wakeFD, events: Int16(POLLIN), revents: 0)]
        var timeout: Int32 = -1
        for connection in [session, bus].compactMap({ $0 }) {
            fds.append(pollfd(fd: sd_bus_get_fd(connection), events: Int16(sd_bus_get_events(connection)), revents: 0))
            var until: UInt64 = 0
            if sd_bus_get_timeout(connection, &until) > 0, until != UInt64.max {
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                let nowMicros = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
                let ms = Int32(clamping: until > nowMicros ? (until - nowMicros + 999) / 1000 : 0)
                timeout = timeout < 0 ? ms : min(timeout, ms)
            }
        }
        _ = poll(&fds, nfds_t(fds.count), timeout)
        if fds[0].revents != 0 {
            var count: UInt64 = 0
            _ = read(mailbox.wakeFD, &count, 8)
        }
    }

    // MARK: Calls and signals

    /// A method call, waited for (on this thread: the loop never waits on it); nil on an error or after
    /// two seconds. The caller releases the reply.
    func call(
        on connection: OpaquePointer?, _ destination: String, _ path: String, _ interface: String, _ member: String,
        arguments: (BusMessage) -> Void = { _ in }
    ) -> BusMessage? {
        guard let connection else { return nil }
        var made: OpaquePointer?
        guard sd_bus_message_new_method_call(connection, &made, destination, path, interface, member) >= 0,
            let made
        else { return nil }
        defer { sd_bus_message_unref(made) }
        arguments(BusMessage(pointer: made))
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        guard sd_bus_call(connection, made, 2_000_000, &error, &reply) >= 0, let reply else {
            mailbox.trace("\(interface).\(member): \(error.message.map { String(cString: $0) } ?? "failed")")
            return nil
        }
        return BusMessage(adopting: reply)
    }

    /// Sends `event` as AT-SPI's event signal from its source's object: `(siiva{sv})`.
    func emit(_ event: AccessibleEvent) {
        guard let bus else { return }
        let (interface, member) = event.signal
        var made: OpaquePointer?
        guard sd_bus_message_new_signal(bus, &made, paths.path(of: event.source), interface, member) >= 0,
            let made
        else { return }
        defer { sd_bus_message_unref(made) }
        let message = BusMessage(pointer: made)
        func header(_ detail: String, _ detail1: Int, _ detail2: Int = 0) {
            message.append(detail)
            message.append(Int32(clamping: detail1))
            message.append(Int32(clamping: detail2))
        }
        switch event.kind {
        case .stateChanged(let state, let on):
            header(state, on ? 1 : 0)
            message.variant("i") { message.append(Int32(0)) }
        case .childAdded(let index, let child), .childRemoved(let index, let child):
            if case .childAdded = event.kind { header("add", index) } else { header("remove", index) }
            message.variant("(so)") { message.append(reference: reference(child)) }
        case .boundsChanged(let frame):
            header("", 0)
            message.variant("(iiii)") {
                message.container(BusMessage.Code.structure, "iiii") {
                    for value in Self.extents(frame) { message.append(value) }
                }
            }
        case .nameChanged(let name):
            header("accessible-name", 0)
            message.variant("s") { message.append(name) }
        case .visibleDataChanged, .focus, .windowActivate:
            header("", 0)
            message.variant("i") { message.append(Int32(0)) }
        }
        message.array("{sv}") {}
        sd_bus_send(bus, made, nil)
    }

    /// The reference clients use for `id`.
    func reference(_ id: SemanticsID) -> AccessibleReference {
        AccessibleReference(busName: uniqueName, path: paths.path(of: id))
    }

    /// A frame as AT-SPI's whole-pixel `(iiii)`: x, y, width, height, rounded.
    static func extents(_ frame: Rect) -> [Int32] {
        frame.components.map { Int32(clamping: Int(($0).rounded())) }
    }
}
