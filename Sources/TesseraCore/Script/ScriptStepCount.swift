import Foundation

/// Counts a script's steps in its bytes, before any JSON object is made of them.
///
/// Why: Foundation's `JSONSerialization` holds a script as a graph of dictionaries, strings and
/// numbers, some 2.8 KB a step: a 15 MB script of 600,000 steps (under the 16 MB cap) peaked at 1.8 GB
/// (issue 44). Counting the top-level `"steps"` array's elements first refuses such a file with one line
/// and keeps what a script may cost bounded (`Script.maxSteps`, docs/REFERENCE.md, "Scripts").
enum ScriptStepCount {
    private static let steps = Array("steps".utf8)

    /// The elements of the root object's `"steps"` array, counting at most up to `limit + 1`; nil when
    /// the bytes are not shaped like a JSON object (the JSON parser then says what is wrong).
    static func count(_ data: Data, limit: Int) -> Int? {
        data.withUnsafeBytes { raw -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var depth = 0
            var inString = false
            var escaped = false
            /// The last string closed at depth 1 (a key of the root object), and whether it was "steps".
            var stringStart = 0
            var lastKeyIsSteps = false
            /// True inside the steps array (at depth 2), with whether an element has begun since the last comma.
            var inSteps = false
            var elementOpen = false
            var count = 0
            for i in 0..<bytes.count {
                let c = bytes[i]
                if inString {
                    if escaped {
                        escaped = false
                    } else if c == UInt8(ascii: "\\") {
                        escaped = true
                    } else if c == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 1 {
                            lastKeyIsSteps = i - stringStart == 6 && Array(bytes[stringStart + 1..<i]) == Self.steps
                        }
                    }
                    continue
                }
                switch c {
                case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    continue
                case UInt8(ascii: "\""):
                    inString = true
                    stringStart = i
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    if depth == 1 && c != UInt8(ascii: "{") { return nil }
                    if depth == 2 && c == UInt8(ascii: "[") && lastKeyIsSteps {
                        inSteps = true
                        elementOpen = false
                        continue
                    }
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth < 0 { return nil }
                    if depth == 1 && inSteps {
                        inSteps = false
                        lastKeyIsSteps = false
                    }
                    continue
                case UInt8(ascii: ","):
                    if depth == 2 && inSteps { elementOpen = false }
                    if depth == 1 { lastKeyIsSteps = false }
                    continue
                default:
                    if depth == 0 { return nil }
                }
                // A value begins: at depth 2 inside the steps array (3 once an object or array opened), a
                // new element unless one is already open.
                if inSteps && !elementOpen
                    && (depth == 2 || (depth == 3 && (c == UInt8(ascii: "{") || c == UInt8(ascii: "["))))
                {
                    elementOpen = true
                    count += 1
                    if count > limit { return count }
                }
            }
            return count
        }
    }
}
