#if canImport(Glibc)
    import Glibc
#endif

/// Runs libFuzzer (its `LLVMFuzzerRunDriver`, linked by `-sanitize=fuzzer`) on `test`, with this
/// process's arguments: `-max_total_time=600`, a corpus folder, a crash file to replay, …
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}

// libFuzzer's own name for it.
// swift-format-ignore: AlwaysUseLowerCamelCase
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
