/// The speaking kiosk (docs/ACCESSIBILITY.md, "A kiosk that speaks"): what is focused, selected and
/// shown, said through the platform's speech service.
package struct SpeechConfig: Codable, Equatable, Sendable {
    /// Speak (`--speak` turns it on too). Off by default: a desktop user has a screen reader of their own.
    package var enabled = false
    /// How fast, in speech-dispatcher's units: -100 the slowest, 100 the fastest, 0 the voice's default
    /// (SSIP's SET RATE, speech-dispatcher's manual).
    package var rate = 0
    init() {}
}

extension SpeechConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("rate", rate, -100...100)
    }
}
