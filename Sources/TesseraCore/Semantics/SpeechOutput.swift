/// Where the speaking kiosk's announcements go (docs/ACCESSIBILITY.md, "A kiosk that speaks"): the
/// platform's speech service (speech-dispatcher) or, in tests, a recorder. The core decides what to say
/// and when (`Announcer`); an output only says it.
package protocol SpeechOutput: AnyObject {
    /// Says `text` in `language` (BCP 47: "en", "zh"), after what is being said, or instead of it when
    /// `interrupt` (a new focus cuts the old one short, as screen readers do).
    func speak(_ text: String, language: String, interrupt: Bool)
}
