import Foundation
import TesseraCore
import TesseraSpeech

/// `--speak` or `speech.enabled`: the connection to speech-dispatcher the run's announcements go
/// through (docs/ACCESSIBILITY.md, "A kiosk that speaks").
extension Launcher {
    /// The output, or nil when speech is off — or on but speech-dispatcher cannot be reached: then one
    /// line says why and the run goes on silent. A kiosk must not stop showing photos because its speech
    /// service is down; the exit code stays that of the run.
    func speechOutput(_ config: Config) -> SpeechDispatcherOutput? {
        guard options.speak || config.speech.enabled else { return nil }
        do {
            return try SpeechDispatcherOutput(rate: config.speech.rate)
        } catch {
            let asked = options.speak ? "--speak" : "speech.enabled"
            Self.writeLine("\(asked): cannot reach speech-dispatcher (\(error))")
            return nil
        }
    }

    /// Makes the run's semantics heard through `output`: the announcer listens to every new tree, the
    /// kiosk says its idle reset before it fires, and touches explore instead of acting (a double tap
    /// acts), as a phone's screen reader has them.
    func announce(_ loop: FrameLoop, through output: SpeechOutput) {
        loop.semanticsListeners.append(Announcer(output: output))
        loop.simulation.speaks = true
        loop.simulation.exploreByTouch()
    }
}
