import Foundation

/// The control socket's requests, answered by the run loop between frames (`ControlServer` does the
/// I/O). One JSON object per line:
///
/// - a script step without `"at"` (README, "Scripts"): `{"tap": "photo-03"}`, `{"click": [x, y]}`,
///   `{"drag": {…}}`, `{"key": "Escape"}`, `{"scene": "picker"}`, `{"activate": …}`, `{"rescan": true}`,
///   `{"screenshot": "FILE"}`, `{"dump": "FILE"}` — played now, as a script would;
/// - `{"dump": true}`: the state dump, in the answer (`"dump"`);
/// - `{"reload": true}`: the config read again now, as `SIGHUP` does.
///
/// Each gets one line: `{"ok": true, …}`, or `{"error": "…"}` for a request that is not JSON, not one
/// of these, or cannot run (a tile that is not there) — which changes nothing.
package final class ControlSource: RunLoopSource {
    private let server: ControlServer
    private unowned let loop: FrameLoop
    private let reload: ConfigReloadSource?

    package init(server: ControlServer, loop: FrameLoop, reload: ConfigReloadSource?) {
        self.server = server
        self.loop = loop
        self.reload = reload
    }

    package func secondsUntilDue(now: Double, simulation: Simulation) -> Double? {
        server.hasRequests ? 0 : nil
    }

    package func run(now: Double, simulation: Simulation, sink: FrameSink) {
        for request in server.takeRequests() {
            let answer = Self.encode(self.answer(request.line, simulation: simulation))
            server.answer(request.client, answer)
        }
    }

    /// The answer to one request line.
    func answer(_ line: String, simulation: Simulation) -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            return ["error": "not a JSON object"]
        }
        if object.keys.count == 1, let dump = object["dump"], dump as? Bool == true {
            simulation.layOutIfNeeded()
            guard let data = try? simulation.dump().jsonData(), let tree = try? JSONSerialization.jsonObject(with: data)
            else { return ["error": "the state could not be dumped"] }
            return ["ok": true, "dump": tree]
        }
        if object.keys.count == 1, let asked = object["reload"], asked as? Bool == true {
            guard let reload else { return ["error": "this run does not reload its config"] }
            if let message = reload.reloadNow(simulation: simulation) {
                return ["error": "config not reloaded: \(message)"]
            }
            return ["ok": true]
        }
        do {
            let step = try Script.liveStep(object, at: simulation.time)
            try loop.play(step)
            return ["ok": true]
        } catch let error as Script.Error {
            return ["error": error.message]
        } catch let error as FrameLoop.Failure {
            // The step is the request itself: no script step number to name.
            let message = error.message.replacingOccurrences(of: "script step 0: ", with: "")
            return ["error": message]
        } catch {
            return ["error": "\(error)"]
        }
    }

    static func encode(_ answer: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys]) else {
            return #"{"error": "the answer could not be encoded"}"#
        }
        return String(decoding: data, as: UTF8.self)
    }
}
