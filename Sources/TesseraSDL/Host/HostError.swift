/// A failure the host reports as one line on stderr and an exit code (README.md#tessera-flags).
public struct HostError: Error, CustomStringConvertible {
    public var message: String
    /// 2 bad usage/config/script/photos, 3 no usable display or video driver, 1 anything else.
    public var exitCode: Int32
    public var description: String { message }

    public init(_ message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }
}
