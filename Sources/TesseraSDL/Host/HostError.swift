/// A failure the host reports as one line on stderr and an exit code (docs/REFERENCE.md#tessera-flags).
package struct HostError: Error, CustomStringConvertible {
    package var message: String
    /// 2 bad usage/config/script/photos, 3 no usable display or video driver, 1 anything else.
    package var exitCode: Int32
    package var description: String { message }

    package init(_ message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }
}
