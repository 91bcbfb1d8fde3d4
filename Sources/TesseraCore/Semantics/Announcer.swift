/// The speaking kiosk's voice (docs/ACCESSIBILITY.md, "A kiosk that speaks"): it hears every new tree and
/// says what a screen reader would — what happened ("Lavender field, added to the dock, 3 selected", a
/// scene switch, a photo opened, a coming idle reset) and then what gained focus ("photo-05, image, 5 of
/// 24") — each once, in order, in the language of its text. Saying it is the output's business.
package final class Announcer: SemanticsListener {
    private let output: SpeechOutput
    /// The element last announced as focused.
    private var focused: SemanticsID?

    package init(output: SpeechOutput) { self.output = output }

    /// Speech is on for the whole run.
    package var isListening: Bool { true }

    package func treeChanged(_ tree: SemanticsTree) {
        for announcement in tree.announcements {
            say(announcement.text, interrupting: announcement.interrupts)
        }
        let now = tree.focused
        if let now, now.id != focused { say(now.spoken, interrupting: false) }
        focused = now?.id
    }

    private func say(_ text: String, interrupting: Bool) {
        guard !text.isEmpty else { return }
        output.speak(text, language: text.language, interrupt: interrupting)
    }
}
