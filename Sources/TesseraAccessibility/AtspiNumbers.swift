import TesseraCore

/// AT-SPI's numbers for the semantics tree's roles and states, as at-spi2-core's `atspi-constants.h`
/// enumerates them (`AtspiRole`, `AtspiStateType`; checked against libatspi 2.46's
/// `Atspi.Role`/`Atspi.StateType` through GObject introspection). Clients compare these numbers, not
/// names, so they must match exactly.
extension SemanticsRole {
    /// `AtspiRole`.
    var atspiRole: UInt32 {
        switch self {
        case .application: 75
        case .frame: 23
        case .pageTabList: 38
        case .pageTab: 37
        case .panel: 39
        case .scrollPane: 49
        case .list: 31
        case .listItem: 32
        case .image: 27
        case .button: 43
        case .heading: 83
        case .label: 29
        case .paragraph: 73
        case .dialog: 16
        }
    }

    /// `atspi_role_get_name`'s name for the role (a button is a "push button" there).
    var atspiName: String { self == .button ? "push button" : rawValue }
}

extension SemanticsStates {
    /// Each state's `AtspiStateType` bit.
    private static let atspiBits: [(SemanticsStates, Int)] = [
        (.active, 1), (.enabled, 8), (.expanded, 10), (.focusable, 11), (.focused, 12), (.modal, 16),
        (.multiselectable, 18), (.selectable, 22), (.selected, 23), (.showing, 25), (.visible, 30),
    ]
    /// `ATSPI_STATE_SENSITIVE`: what GTK and Qt set beside `enabled` on every control a person can use.
    private static let sensitiveBit = 24

    /// The state set as AT-SPI sends it (`GetState`'s `au`): two 32-bit words, bit n of the set in word
    /// n / 32.
    var atspiWords: [UInt32] {
        var bits: UInt64 = 0
        for (state, bit) in Self.atspiBits where contains(state) { bits |= 1 << UInt64(bit) }
        if contains(.enabled) { bits |= 1 << UInt64(Self.sensitiveBit) }
        return [UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits >> 32)]
    }
}
