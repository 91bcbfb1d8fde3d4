import CSpeechd
import Foundation
import TesseraCore

/// The speaking kiosk's voice on Linux (docs/ACCESSIBILITY.md, "A kiosk that speaks"): announcements go
/// to speech-dispatcher, the desktop's speech service, through libspeechd, and speech-dispatcher's
/// output module (espeak-ng by default) says them on the sound card it is set up for.
///
/// Implements: one connection per run (client "tessera"), at the address speech-dispatcher's clients
/// share (`SPEECHD_ADDRESS`, else the user's socket), started on demand as libspeechd does for any
/// client unless the server's config turns autospawn off; the language set per utterance when it
/// changes; every utterance queued in order at priority `message`, which never interrupts itself; an
/// interrupting one cancels what this client still has queued or is saying first; the rate
/// (`speech.rate`, -100…100) once at the start.
///
/// Does not implement: voices, pitch, volume, punctuation modes or SSML; callbacks (nothing waits for
/// an utterance to end); reconnecting when speech-dispatcher restarts mid-run — what is said after that
/// is lost, as speech-dispatcher's own clients (spd-say, Orca's first versions) lose it.
///
/// The run loop never waits on the socket: `speak` hands the utterance to a serial queue whose thread
/// makes the calls (each a short round trip to the server, but a hung server must not freeze frames).
package final class SpeechDispatcherOutput: SpeechOutput, @unchecked Sendable {
    /// Why a connection could not be made: libspeechd's own words.
    package struct Unreachable: Error, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }

    /// libspeechd's connection, used only on `queue` (and closed there) after `init`.
    private let connection: UnsafeMutablePointer<SPDConnection>
    /// Makes the calls in the order `speak` was called.
    private let queue = DispatchQueue(label: "tessera.speech")
    /// Bumped by every interrupting utterance: queued ones from before it are dropped, not sent to be
    /// cancelled at once.
    private let generation = Generation()
    /// The language last set on the connection (queue only).
    private var language: String?
    private var isClosed = false

    /// Seconds `close` waits for queued utterances to reach the server.
    package static let closeWait = 2.0

    /// Connects to speech-dispatcher; throws `Unreachable` with libspeechd's reason when it cannot.
    /// `rate`: speech-dispatcher's -100 (slowest) … 100 (fastest), 0 the voice's default.
    package init(rate: Int = 0) throws {
        var addressError: UnsafeMutablePointer<CChar>?
        // nil with an error when SPEECHD_ADDRESS cannot be parsed; spd_open2 then takes the default.
        let address = spd_get_default_address(&addressError)
        defer { if let address { SPDConnectionAddress__free(address) } }
        if let addressError {
            let reason = String(cString: addressError)
            free(addressError)
            throw Unreachable(reason: Self.oneLine(reason))
        }
        var openError: UnsafeMutablePointer<CChar>?
        // Threaded mode: libspeechd reads the server's replies on its own thread (SSIP, "Connection").
        guard
            let connection = spd_open2(
                "tessera", "main", nil, SPD_MODE_THREADED, address, 1, &openError)
        else {
            let reason = openError.map { String(cString: $0) } ?? "no reason given"
            free(openError)
            throw Unreachable(reason: Self.oneLine(reason))
        }
        free(openError)
        self.connection = connection
        if rate != 0 { _ = spd_set_voice_rate(connection, Int32(clamping: rate)) }
    }

    /// Every queued call holds `self`, so none is left by now: closing here cannot race one.
    deinit { if !isClosed { spd_close(connection) } }

    package func speak(_ text: String, language: String, interrupt: Bool) {
        let mine = interrupt ? generation.advance() : generation.current
        queue.async { [self] in
            // An interrupting utterance made this one stale before it was sent.
            guard !isClosed, mine == generation.current else { return }
            if interrupt { _ = spd_cancel(connection) }
            if language != self.language {
                // A language the server has no voice for still speaks, in its default voice.
                if spd_set_language(connection, language) == 0 { self.language = language }
            }
            // `message`: said after what this client queued before, never cut short by it (SSIP,
            // "Priority Categories"); `text` would keep only the latest of several.
            _ = spd_say(connection, SPD_MESSAGE, text)
        }
    }

    /// Sends what is still queued (waiting up to `closeWait` seconds: the server speaks it after the
    /// connection closes) and closes the connection. Safe to call twice.
    package func close() {
        let done = DispatchSemaphore(value: 0)
        queue.async { [self] in
            if !isClosed {
                isClosed = true
                spd_close(connection)
            }
            done.signal()
        }
        // A server that stopped answering keeps the queue's thread in a call: the process is ending
        // anyway, and the connection is left to it rather than closed under that call.
        _ = done.wait(timeout: .now() + Self.closeWait)
    }

    /// libspeechd's reasons span lines and start "Error: "; the launcher prints one line with it.
    private static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        return line.hasPrefix("Error: ") ? String(line.dropFirst("Error: ".count)) : line
    }
}

/// A counter read from the caller's thread and the queue's.
private final class Generation: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    var current: Int { lock.withLock { value } }

    func advance() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
