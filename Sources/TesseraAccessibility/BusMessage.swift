import CSystemdBus

/// One sd-bus message, read and written through sd-bus's non-variadic calls (Swift cannot call C's
/// variadic `sd_bus_message_append`/`_read`): `append_basic`, `open_container`, `read_basic`,
/// `enter_container` (sd-bus(3), "sd_bus_message_append_basic", "sd_bus_message_read_basic"). The wire
/// format is sd-bus's business; this only names the D-Bus type codes (D-Bus Specification, "Type
/// System").
struct BusMessage {
    let pointer: OpaquePointer

    /// Wraps `pointer` for as long as its owner holds it (a call being handled, a message being built).
    init(pointer: OpaquePointer) { self.pointer = pointer }

    /// Wraps `pointer`, taking over the reference the caller holds: `release` gives it up.
    init(adopting pointer: OpaquePointer) { self.pointer = pointer }

    /// Releases the reference taken over.
    func release() { sd_bus_message_unref(pointer) }

    var member: String { sd_bus_message_get_member(pointer).map { String(cString: $0) } ?? "" }
    var interface: String { sd_bus_message_get_interface(pointer).map { String(cString: $0) } ?? "" }
    var path: String { sd_bus_message_get_path(pointer).map { String(cString: $0) } ?? "" }
    var signature: String { sd_bus_message_get_signature(pointer, 1).map { String(cString: $0) } ?? "" }

    // MARK: Writing

    func append(_ value: String) { _ = value.withCString { sd_bus_message_append_basic(pointer, Code.string, $0) } }
    func append(objectPath value: String) {
        _ = value.withCString { sd_bus_message_append_basic(pointer, Code.objectPath, $0) }
    }
    func append(_ value: Int32) {
        withUnsafePointer(to: value) { _ = sd_bus_message_append_basic(pointer, Code.int32, $0) }
    }
    func append(_ value: UInt32) {
        withUnsafePointer(to: value) { _ = sd_bus_message_append_basic(pointer, Code.uint32, $0) }
    }
    func append(int16 value: Int16) {
        withUnsafePointer(to: value) { _ = sd_bus_message_append_basic(pointer, Code.int16, $0) }
    }
    func append(_ value: Double) {
        withUnsafePointer(to: value) { _ = sd_bus_message_append_basic(pointer, Code.double, $0) }
    }
    /// D-Bus booleans travel as a 32-bit int in sd-bus's API.
    func append(_ value: Bool) {
        let int: Int32 = value ? 1 : 0
        withUnsafePointer(to: int) { _ = sd_bus_message_append_basic(pointer, Code.boolean, $0) }
    }

    /// An object reference, AT-SPI's `(so)`: a bus name and an object path.
    func append(reference: AccessibleReference) {
        container(Code.structure, "so") {
            append(reference.busName)
            append(objectPath: reference.path)
        }
    }

    /// Writes a container (`a`, `v`, `r` for a struct, `e` for a dict entry) of `contents` with `body`.
    func container(_ type: CChar, _ contents: String, _ body: () -> Void) {
        _ = contents.withCString { sd_bus_message_open_container(pointer, type, $0) }
        body()
        sd_bus_message_close_container(pointer)
    }

    func array(_ contents: String, _ body: () -> Void) { container(Code.array, contents, body) }
    func variant(_ contents: String, _ body: () -> Void) { container(Code.variant, contents, body) }

    /// A `{sv}` entry.
    func entry(_ key: String, _ contents: String, _ value: () -> Void) {
        container(Code.dictEntry, "s" + "v") {
            append(key)
            variant(contents, value)
        }
    }

    // MARK: Reading

    func readString() -> String? {
        var value: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(pointer, Code.string, &value) > 0, let value else { return nil }
        return String(cString: value)
    }

    func readInt32() -> Int32? {
        var value: Int32 = 0
        return sd_bus_message_read_basic(pointer, Code.int32, &value) > 0 ? value : nil
    }

    func readUInt32() -> UInt32? {
        var value: UInt32 = 0
        return sd_bus_message_read_basic(pointer, Code.uint32, &value) > 0 ? value : nil
    }

    func readBool() -> Bool? {
        var value: Int32 = 0
        return sd_bus_message_read_basic(pointer, Code.boolean, &value) > 0 ? value != 0 : nil
    }

    /// Enters a container of `contents` (a variant's type, a struct's fields); false when the next value
    /// is not one.
    func enter(_ type: CChar, _ contents: String?) -> Bool {
        let entered =
            if let contents { contents.withCString { sd_bus_message_enter_container(pointer, type, $0) } } else {
                sd_bus_message_enter_container(pointer, type, nil)
            }
        return entered > 0
    }

    func exit() { sd_bus_message_exit_container(pointer) }

    /// The contents' signature of the variant or container that comes next.
    func peekContents() -> (type: CChar, contents: String?)? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard sd_bus_message_peek_type(pointer, &type, &contents) > 0 else { return nil }
        return (type, contents.map { String(cString: $0) })
    }

    /// A `(so)` reference.
    func readReference() -> AccessibleReference? {
        guard enter(Code.structure, "so") else { return nil }
        defer { exit() }
        var name: UnsafePointer<CChar>?
        var path: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(pointer, Code.string, &name) > 0,
            sd_bus_message_read_basic(pointer, Code.objectPath, &path) > 0, let name, let path
        else { return nil }
        return AccessibleReference(busName: String(cString: name), path: String(cString: path))
    }

    /// D-Bus type codes (D-Bus Specification, "Type System"), as sd-bus's `char` arguments take them.
    enum Code {
        static let string = CChar(UInt8(ascii: "s"))
        static let objectPath = CChar(UInt8(ascii: "o"))
        static let int32 = CChar(UInt8(ascii: "i"))
        static let uint32 = CChar(UInt8(ascii: "u"))
        static let int16 = CChar(UInt8(ascii: "n"))
        static let double = CChar(UInt8(ascii: "d"))
        static let boolean = CChar(UInt8(ascii: "b"))
        static let array = CChar(UInt8(ascii: "a"))
        static let variant = CChar(UInt8(ascii: "v"))
        static let structure = CChar(UInt8(ascii: "r"))
        static let dictEntry = CChar(UInt8(ascii: "e"))
    }
}

/// An accessible object on the bus, AT-SPI's `(so)`: the unique name of the connection that serves it
/// and its object path.
struct AccessibleReference: Equatable, Sendable {
    var busName: String
    var path: String

    /// AT-SPI's null reference (`ATSPI_DBUS_PATH_NULL`): no object.
    static let null = AccessibleReference(busName: "", path: "/org/a11y/atspi/null")
}
